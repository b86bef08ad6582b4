import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Pagination,
  PasswordInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@platform/contracts';
import { IconDownload, IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { hashKey, keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { useSession } from '../lib/auth';
import {
  deleteEntity,
  exportXlsx,
  fetchData,
  fetchPage,
  type Page,
  saveEntity,
} from '../lib/crud.api';
import { useLayout } from '../lib/layout.store';
import { notify } from '../lib/notify';
import { savePageSize, scrollToTop } from '../lib/paging';
import { ConfirmButton } from './ConfirmButton';
import { IconButton } from './IconButton';
import { ListStates } from './ListStates';
import { HasPermi } from './Permission';

export interface FieldOption {
  value: string;
  label: string;
}

/** A filter or form field. */
export interface Field {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'number' | 'select' | 'multiselect' | 'textarea' | 'custom';
  options?: FieldOption[];
  /** The options are still on their way: an opened select says so instead of staying shut. */
  optionsLoading?: boolean;
  required?: boolean;
  /** Shown only when creating. */
  onlyNew?: boolean;
  render?: (value: unknown, onChange: (value: unknown) => void) => ReactNode;
  /** A form field's own rule: its error, or null when the value is fine (after `required`). */
  validate?: (value: unknown) => ReactNode | null;
}

export interface Column<T> {
  key: string;
  title: string;
  render?: (row: T) => ReactNode;
}

export interface CrudConfig<T> {
  testId: string;
  /** GET list endpoint. */
  listUrl: string;
  /** Base of GET/POST/PUT/DELETE (`${baseUrl}/${id}`); omitted for read-only lists. */
  baseUrl?: string;
  idKey: keyof T & string;
  columns: Column<T>[];
  filters?: Field[];
  form?: Field[];
  /** Fixed parameters of every list call (e.g. the dictionary type of a data page). */
  fixed?: Record<string, unknown>;
  /** false: the list endpoint answers a plain array in `data` (departments, menus). */
  paged?: boolean;
  permissions: { add?: string; edit?: string; remove?: string; export?: string };
  exportUrl?: string;
  exportName?: string;
  /** Loads what the edit form starts from (default GET `${baseUrl}/${id}` data). */
  loadForEdit?: (row: T) => Promise<Record<string, unknown>>;
  /** Values of a new entity's form. */
  defaults?: Record<string, unknown>;
  /** Turns form values into the request body. */
  toBody?: (values: Record<string, unknown>, isNew: boolean) => Record<string, unknown>;
  rowActions?: (row: T, refresh: () => void) => ReactNode;
  /** `selected`: the rows ticked on the shown page when `selectable` (batch actions). */
  toolbar?: (refresh: () => void, filters: Record<string, unknown>, selected: T[]) => ReactNode;
  /** Rows can be ticked for the toolbar's batch actions; a new page or search clears the ticks. */
  selectable?: boolean;
  /** What names a row for a screen reader's tick box (default its id). */
  rowLabel?: (row: T) => string;
  /** Rows shown indented by depth (trees shown flat). */
  depthOf?: (row: T) => number;
}

function FieldInput({
  field,
  value,
  onChange,
  error,
}: {
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: ReactNode;
}) {
  const { t } = useLingui();
  // An empty select opens anyway and says why it is empty: Mantine keeps it shut without a
  // message, and a user (or Escape meant for the list) then meets the dialog instead.
  const emptyOptions = field.optionsLoading ? t`Loading…` : t`No options`;
  const common = {
    label: field.label,
    withAsterisk: field.required,
    error,
    'data-testid': `field-${field.name}`,
  };
  switch (field.type) {
    case 'custom':
      return <>{field.render?.(value, onChange)}</>;
    case 'password':
      return (
        <PasswordInput
          {...common}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return <NumberInput {...common} value={value as number} onChange={(v) => onChange(v)} />;
    case 'select':
      return (
        <Select
          {...common}
          clearable
          data={field.options ?? []}
          nothingFoundMessage={emptyOptions}
          value={value === undefined || value === null ? null : String(value)}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'multiselect':
      return (
        <MultiSelect
          {...common}
          data={field.options ?? []}
          nothingFoundMessage={emptyOptions}
          value={((value as unknown[]) ?? []).map(String)}
          onChange={(v) => onChange(v)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          value={String(value ?? '')}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}

function EntityForm({
  fields,
  initial,
  isNew,
  onSubmit,
  onCancel,
}: {
  fields: Field[];
  initial: Record<string, unknown>;
  isNew: boolean;
  onSubmit: (values: Record<string, unknown>) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const visible = fields.filter((f) => isNew || !f.onlyNew);
  const form = useForm<Record<string, unknown>>({
    initialValues: initial,
    validate: Object.fromEntries(
      visible
        .filter((f) => f.required || f.validate)
        .map((f) => [
          f.name,
          (value: unknown) =>
            f.required && (value === undefined || value === null || value === '')
              ? t`${f.label} cannot be empty`
              : (f.validate?.(value) ?? null),
        ]),
    ),
  });
  const [busy, setBusy] = useState(false);
  return (
    <form
      data-testid="entity-form"
      onSubmit={form.onSubmit(async (values) => {
        setBusy(true);
        try {
          await onSubmit(values);
        } finally {
          setBusy(false);
        }
      })}
    >
      <Stack gap="sm">
        {visible.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={form.values[field.name]}
            error={form.errors[field.name]}
            onChange={(v) => form.setFieldValue(field.name, v)}
          />
        ))}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy} data-testid="form-submit">
            <Trans>Confirm</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A list screen of the console: filters, a server-paged table (default 20, sizes 10/20/30/50, five
 * pager buttons under 992 px else seven), add/edit in a dialog, delete and export, each button shown
 * only to holders of its permission.
 */
export function CrudPage<T extends Record<string, unknown>>({ config }: { config: CrudConfig<T> }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const mobile = useLayout((state) => state.device === 'mobile');
  const preferred = useSession((s) => s.user?.pagesize) ?? DEFAULT_PAGE_SIZE;
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(
    (PAGE_SIZES as readonly number[]).includes(preferred) ? preferred : DEFAULT_PAGE_SIZE,
  );
  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [ticked, setTicked] = useState<string[]>([]);
  const [editing, setEditing] = useState<{
    isNew: boolean;
    initial: Record<string, unknown>;
  } | null>(null);
  const paged = config.paged !== false;
  const keyOf = (shown: Record<string, unknown>, page: number) => {
    const params = { ...shown, ...config.fixed, ...(paged ? { pageNum: page, pageSize } : {}) };
    return [config.testId, params, i18n.locale] as const;
  };
  const queryKey = keyOf(filters, pageNum);
  const params = queryKey[1];
  const list = useQuery({
    queryKey,
    queryFn: (): Promise<Page<T>> =>
      paged
        ? fetchPage<T>(config.listUrl, params)
        : fetchData<T[]>(config.listUrl, params).then((rows) => ({ rows, total: rows.length })),
    placeholderData: keepPreviousData,
  });
  const refresh = () => {
    setTicked([]);
    void queryClient.invalidateQueries({ queryKey: [config.testId] });
  };
  /**
   * Search and Reset always ask the server: with the same filters on the first page the query is
   * unchanged and would otherwise show what it had (a status that has moved since, a new row).
   */
  const search = (next: Record<string, unknown>) => {
    if (hashKey(keyOf(next, 1)) === hashKey(queryKey)) void list.refetch();
    setTicked([]);
    setPageNum(1);
    setFilters(next);
  };

  const openEdit = async (row: T) => {
    const initial = config.loadForEdit
      ? await config.loadForEdit(row)
      : await fetchData<Record<string, unknown>>(`${config.baseUrl}/${String(row[config.idKey])}`);
    setEditing({ isNew: false, initial });
  };

  const submit = async (values: Record<string, unknown>) => {
    const isNew = editing?.isNew ?? true;
    const body = config.toBody ? config.toBody(values, isNew) : values;
    await saveEntity(config.baseUrl!, body, isNew);
    notify('success', t`Saved`);
    setEditing(null);
    refresh();
  };

  const rows = list.data?.rows ?? [];
  const idOf = (row: T) => String(row[config.idKey]);
  const selected = rows.filter((row) => ticked.includes(idOf(row)));
  const allTicked = rows.length > 0 && selected.length === rows.length;
  const actions = config.permissions.edit || config.permissions.remove || config.rowActions;
  const pagerLabels: Record<string, string> = {
    first: t`First page`,
    previous: t`Previous page`,
    next: t`Next page`,
    last: t`Last page`,
  };
  return (
    <Stack data-testid={config.testId} gap="sm">
      {config.filters?.length ? (
        <Group align="flex-end" gap="xs" wrap="wrap">
          {config.filters.map((field) => (
            <div key={field.name} style={{ minWidth: 160 }}>
              <FieldInput
                field={field}
                value={draft[field.name]}
                onChange={(v) => setDraft({ ...draft, [field.name]: v })}
              />
            </div>
          ))}
          <Button
            leftSection={<IconSearch size={16} />}
            data-testid="search"
            onClick={() => search(draft)}
          >
            <Trans>Search</Trans>
          </Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft({});
              search({});
            }}
          >
            <Trans>Reset</Trans>
          </Button>
        </Group>
      ) : null}
      <Group gap="xs">
        {config.permissions.add && config.form ? (
          <HasPermi value={config.permissions.add}>
            <Button
              leftSection={<IconPlus size={16} />}
              variant="light"
              data-testid="add"
              onClick={() => setEditing({ isNew: true, initial: { ...config.defaults } })}
            >
              <Trans>Add</Trans>
            </Button>
          </HasPermi>
        ) : null}
        {config.permissions.export && config.exportUrl ? (
          <HasPermi value={config.permissions.export}>
            <Button
              leftSection={<IconDownload size={16} />}
              variant="light"
              color="orange"
              data-testid="export"
              onClick={() =>
                void exportXlsx(
                  config.exportUrl!,
                  { ...filters, ...config.fixed },
                  config.exportName ?? config.testId,
                )
              }
            >
              <Trans>Export</Trans>
            </Button>
          </HasPermi>
        ) : null}
        {config.toolbar?.(refresh, { ...filters, ...config.fixed }, selected)}
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover withTableBorder data-testid="table">
          <Table.Thead>
            <Table.Tr>
              {config.selectable ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t`Select all rows`}
                    checked={allTicked}
                    indeterminate={selected.length > 0 && !allTicked}
                    onChange={() => setTicked(allTicked ? [] : rows.map(idOf))}
                    data-testid="select-all"
                  />
                </Table.Th>
              ) : null}
              {config.columns.map((c) => (
                <Table.Th key={c.key}>{c.title}</Table.Th>
              ))}
              {actions ? (
                <Table.Th>
                  <Trans>Actions</Trans>
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={String(row[config.idKey])}
                data-testid={`row-${String(row[config.idKey])}`}
              >
                {config.selectable ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={t`Select ${config.rowLabel?.(row) ?? idOf(row)}`}
                      checked={ticked.includes(idOf(row))}
                      onChange={(e) => {
                        const id = idOf(row);
                        const on = e.currentTarget.checked;
                        setTicked((now) => (on ? [...now, id] : now.filter((x) => x !== id)));
                      }}
                      data-testid="select-row"
                    />
                  </Table.Td>
                ) : null}
                {config.columns.map((c, index) => (
                  <Table.Td
                    key={c.key}
                    style={
                      index === 0 && config.depthOf
                        ? { paddingLeft: 12 + 20 * config.depthOf(row) }
                        : undefined
                    }
                  >
                    {c.render ? c.render(row) : String(row[c.key] ?? '')}
                  </Table.Td>
                ))}
                {actions ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {config.permissions.edit && config.form ? (
                        <HasPermi value={config.permissions.edit}>
                          <IconButton
                            label={t`Edit`}
                            variant="subtle"
                            data-testid="edit"
                            onClick={() => void openEdit(row)}
                          >
                            <IconEdit size={16} />
                          </IconButton>
                        </HasPermi>
                      ) : null}
                      {config.permissions.remove && config.baseUrl ? (
                        <HasPermi value={config.permissions.remove}>
                          <ConfirmButton
                            icon={<IconTrash size={16} />}
                            label={t`Delete`}
                            testId="delete"
                            message={t`Delete the selected item?`}
                            onConfirm={async () => {
                              await deleteEntity(`${config.baseUrl}/${String(row[config.idKey])}`);
                              notify('success', t`Deleted`);
                              refresh();
                            }}
                          />
                        </HasPermi>
                      ) : null}
                      {config.rowActions?.(row, refresh)}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ListStates list={list} rowCount={rows.length} empty={<Trans>No data</Trans>} testId="list" />
      {paged ? (
        <Group justify="flex-end" gap="sm">
          <Text size="sm" c="dimmed" data-testid="total">
            <Trans>Total {list.data?.total ?? 0}</Trans>
          </Text>
          <Select
            w={110}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: t`${n} / page` }))}
            value={String(pageSize)}
            onChange={(v) => {
              const size = Number(v ?? DEFAULT_PAGE_SIZE);
              setPageSize(size);
              setTicked([]);
              setPageNum(1);
              void savePageSize(size);
            }}
            allowDeselect={false}
            aria-label={t`Rows per page`}
            data-testid="page-size"
          />
          <Pagination
            total={Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize))}
            value={pageNum}
            onChange={(page) => {
              setTicked([]);
              setPageNum(page);
              scrollToTop();
            }}
            siblings={mobile ? 0 : 1}
            boundaries={1}
            getControlProps={(control) => ({ 'aria-label': pagerLabels[control] })}
            getItemProps={(page) => ({ 'aria-label': t`Page ${page}` })}
          />
        </Group>
      ) : null}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.isNew ? t`Add` : t`Edit`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        {editing && config.form ? (
          <EntityForm
            fields={config.form}
            initial={editing.initial}
            isNew={editing.isNew}
            onSubmit={submit}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
