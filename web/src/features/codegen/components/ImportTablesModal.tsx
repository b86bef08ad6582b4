import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { GEN_SERVICES, type GenService } from '@platform/contracts';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ListStates } from '../../../components/ListStates';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { fetchDbTables, importTables } from '../codegen.api';

const PAGE_SIZE = 10;

/**
 * Picks tables of one service's database that are not imported yet (the service answers from its own
 * information_schema) and imports the ticked ones.
 */
export function ImportTablesModal({
  opened,
  onClose,
  onImported,
}: {
  opened: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t`Import tables`}
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {opened ? <ImportTables onClose={onClose} onImported={onImported} /> : null}
    </Modal>
  );
}

function ImportTables({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t, i18n } = useLingui();
  const [service, setService] = useState<GenService>(GEN_SERVICES[0]);
  const [draft, setDraft] = useState('');
  const [tableName, setTableName] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const [ticked, setTicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['gen-db-tables', service, tableName, pageNum],
    queryFn: () =>
      fetchDbTables({ service, tableName: tableName || undefined, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const pagerLabels: Record<string, string> = {
    first: t`First page`,
    previous: t`Previous page`,
    next: t`Next page`,
    last: t`Last page`,
  };
  const toggle = (name: string, on: boolean) =>
    setTicked((now) => (on ? [...now, name] : now.filter((x) => x !== name)));
  const submit = async () => {
    setBusy(true);
    try {
      await importTables(service, ticked);
      notify('success', t`Imported`);
      onImported();
      onClose();
    } catch {
      // The request layer has shown why; the dialog stays open with the ticks.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="import-dialog">
      <Group align="flex-end" gap="xs">
        <Select
          label={t`Service`}
          data={GEN_SERVICES.map((s) => ({ value: s, label: s }))}
          value={service}
          allowDeselect={false}
          onChange={(v) => {
            setService((v ?? GEN_SERVICES[0]) as GenService);
            setTicked([]);
            setPageNum(1);
          }}
          data-testid="import-service"
        />
        <TextInput
          label={t`Table name`}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setTableName(draft.trim());
              setPageNum(1);
            }
          }}
          data-testid="import-search-name"
        />
        <Button
          leftSection={<IconSearch size={16} />}
          onClick={() => {
            setTableName(draft.trim());
            setPageNum(1);
          }}
          data-testid="import-search"
        >
          <Trans>Search</Trans>
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={520}>
        <Table striped highlightOnHover withTableBorder data-testid="import-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <VisuallyHidden>
                  <Trans>Select</Trans>
                </VisuallyHidden>
              </Table.Th>
              <Table.Th>
                <Trans>Table name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Table comment</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Created</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.tableName} data-testid={`db-table-${row.tableName}`}>
                <Table.Td>
                  <Checkbox
                    aria-label={t`Select ${row.tableName}`}
                    checked={ticked.includes(row.tableName)}
                    onChange={(e) => toggle(row.tableName, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{row.tableName}</Table.Td>
                <Table.Td>{row.tableComment}</Table.Td>
                <Table.Td>{formatTime(row.createTime, i18n.locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListStates
        list={list}
        rowCount={rows.length}
        empty={<Trans>No tables left to import</Trans>}
        testId="import"
      />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Trans>
            {ticked.length} selected, {list.data?.total ?? 0} in all
          </Trans>
        </Text>
        <Pagination
          size="sm"
          total={Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))}
          value={pageNum}
          onChange={setPageNum}
          getControlProps={(control) => ({ 'aria-label': pagerLabels[control] })}
          getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
        />
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          disabled={ticked.length === 0}
          loading={busy}
          onClick={() => void submit()}
          data-testid="import-submit"
        >
          <Trans>Import</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
