import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Code, Grid, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { CacheInfoView, CacheNameView, CacheValueView } from '@platform/contracts';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { IconButton } from '../../../components/IconButton';
import { deleteEntity, fetchData } from '../../../lib/crud.api';
import { KeyValueTable } from '../components/KeyValueTable';

/** monitor/cache/index: Redis figures, key counts by prefix, keys and values. */
export function CachePage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [name, setName] = useState<string>();
  const [key, setKey] = useState<string>();
  const info = useQuery({
    queryKey: ['cache-info'],
    queryFn: () => fetchData<CacheInfoView>('/monitor/cache'),
  });
  const names = useQuery({
    queryKey: ['cache-names'],
    queryFn: () => fetchData<CacheNameView[]>('/monitor/cache/getNames'),
  });
  const keys = useQuery({
    queryKey: ['cache-keys', name],
    queryFn: () => fetchData<string[]>(`/monitor/cache/getKeys/${name}`),
    enabled: !!name,
  });
  const value = useQuery({
    queryKey: ['cache-value', key],
    queryFn: () =>
      fetchData<CacheValueView>(`/monitor/cache/getValue/${name}/${encodeURIComponent(key ?? '')}`),
    enabled: !!key && !!name,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['cache-names'] });
  const data = info.data?.info ?? {};
  return (
    <Stack data-testid="cache-page">
      <KeyValueTable
        rows={[
          [t`Redis version`, data.redis_version ?? ''],
          [t`Uptime (days)`, data.uptime_in_days ?? ''],
          [t`Connected clients`, data.connected_clients ?? ''],
          [t`Memory used`, data.used_memory_human ?? ''],
          [t`Keys`, String(info.data?.dbSize ?? '')],
        ]}
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Group justify="space-between">
              <Title order={2} size="h5">
                <Trans>Caches</Trans>
              </Title>
              <Button
                size="compact-xs"
                variant="light"
                color="red"
                onClick={async () => {
                  await deleteEntity('/monitor/cache/clearCacheAll');
                  refresh();
                }}
              >
                <Trans>Clear all</Trans>
              </Button>
            </Group>
            {(names.data ?? []).map((n) => (
              <Group key={n.cacheName} justify="space-between" mt={4}>
                <Button
                  variant={name === n.cacheName ? 'light' : 'subtle'}
                  size="compact-sm"
                  onClick={() => {
                    setName(n.cacheName);
                    setKey(undefined);
                  }}
                >
                  {i18n.locale === 'en' ? n.remark.en : n.remark.zh} ({n.keyCount})
                </Button>
                <IconButton
                  label={t`Clear this cache`}
                  variant="subtle"
                  color="red"
                  onClick={async () => {
                    await deleteEntity(`/monitor/cache/clearCacheName/${n.cacheName}`);
                    refresh();
                  }}
                >
                  <IconTrash size={14} />
                </IconButton>
              </Group>
            ))}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Title order={2} size="h5">
              <Trans>Keys</Trans>
            </Title>
            <ScrollArea h={360}>
              {(keys.data ?? []).map((k) => (
                <Text
                  key={k}
                  size="sm"
                  style={{ cursor: 'pointer' }}
                  c={k === key ? 'blue' : undefined}
                  onClick={() => setKey(k)}
                >
                  {k}
                </Text>
              ))}
            </ScrollArea>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Title order={2} size="h5">
              <Trans>Value</Trans>
            </Title>
            {value.data ? (
              <Stack gap={4}>
                <Text size="sm">{value.data.cacheKey}</Text>
                <Text size="xs" c="dimmed">
                  {value.data.type} · TTL {value.data.ttlSeconds}
                </Text>
                <Code block>{value.data.cacheValue}</Code>
                <Button
                  size="compact-xs"
                  color="red"
                  variant="light"
                  onClick={async () => {
                    await deleteEntity(
                      `/monitor/cache/clearCacheKey/${encodeURIComponent(value.data.cacheKey)}`,
                    );
                    setKey(undefined);
                    refresh();
                  }}
                >
                  <Trans>Delete key</Trans>
                </Button>
              </Stack>
            ) : null}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
