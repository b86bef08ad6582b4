import { useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { fetchData } from '../admin.api';
import { KeyValueTable } from '../components/KeyValueTable';

interface OpenApiDoc {
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { summary?: string; tags?: string[]; 'x-access'?: unknown }>
  >;
}

/** tool/swagger/index: the gateway's OpenAPI document, route by route. */
export function SwaggerPage() {
  const { t } = useLingui();
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: () => fetchData<OpenApiDoc>('/v3/api-docs'),
  });
  const [filter, setFilter] = useState('');
  const routes = Object.entries(doc.data?.paths ?? {}).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <Stack data-testid="swagger-page">
      <Title order={2} size="h4">
        {doc.data?.info.title} {doc.data?.info.version}
      </Title>
      <input
        placeholder={t`Filter`}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        style={{ padding: 6 }}
      />
      <KeyValueTable
        rows={routes
          .filter((r) => r.path.includes(filter))
          .map((r): [string, string] => [
            `${r.method.toUpperCase()} ${r.path}`,
            JSON.stringify(r.op['x-access'] ?? ''),
          ])}
      />
    </Stack>
  );
}
