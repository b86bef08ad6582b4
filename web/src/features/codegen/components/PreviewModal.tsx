import { Trans, useLingui } from '@lingui/react/macro';
import { Button, CopyButton, Group, Modal, ScrollArea, Tabs, Text } from '@mantine/core';
import type { GenTable } from '@platform/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { LoadState } from '../../../components/LoadState';
import { useLayout } from '../../../lib/layout.store';
import { fetchPreview } from '../codegen.api';
import { CodeBlock } from './CodeBlock';

const fileName = (path: string) => path.split('/').pop() ?? path;

/** The generated files of one table, a tab each, highlighted, each with a copy button. */
export function PreviewModal({ table, onClose }: { table: GenTable | null; onClose: () => void }) {
  const { t } = useLingui();
  const mobile = useLayout((state) => state.device === 'mobile');
  return (
    <Modal
      opened={table !== null}
      onClose={onClose}
      size="90%"
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={table ? t`Preview: ${table.tableName}` : ''}
    >
      {table ? <PreviewFiles tableId={table.tableId} /> : null}
    </Modal>
  );
}

function PreviewFiles({ tableId }: { tableId: number }) {
  const { t } = useLingui();
  const preview = useQuery({
    queryKey: ['gen-preview', tableId],
    queryFn: () => fetchPreview(tableId),
  });
  const paths = Object.keys(preview.data ?? {});
  const [active, setActive] = useState<string | null>(null);
  const shown = active && paths.includes(active) ? active : (paths[0] ?? null);
  return (
    <LoadState
      loading={preview.isPending}
      error={preview.error}
      onRetry={() => void preview.refetch()}
    >
      {paths.length === 0 ? (
        <Text c="dimmed" ta="center" data-testid="preview-empty">
          <Trans>No files were generated</Trans>
        </Text>
      ) : (
        <Tabs value={shown} onChange={setActive} keepMounted={false} data-testid="preview-tabs">
          <ScrollArea type="auto" offsetScrollbars>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {paths.map((path) => (
                <Tabs.Tab key={path} value={path} title={path}>
                  {fileName(path)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </ScrollArea>
          {paths.map((path) => {
            const code = preview.data![path]!;
            return (
              <Tabs.Panel key={path} value={path} pt="sm">
                <Group justify="space-between" mb="xs" wrap="nowrap">
                  <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                    {path}
                  </Text>
                  <CopyButton value={code}>
                    {({ copied, copy }) => (
                      <Button
                        size="xs"
                        variant="light"
                        color={copied ? 'teal' : undefined}
                        leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                        onClick={copy}
                        data-testid="copy-code"
                      >
                        {copied ? t`Copied` : t`Copy`}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
                <CodeBlock code={code} path={path} label={t`Source of ${path}`} />
              </Tabs.Panel>
            );
          })}
        </Tabs>
      )}
    </LoadState>
  );
}
