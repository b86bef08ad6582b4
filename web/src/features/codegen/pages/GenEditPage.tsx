import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type DictTypeView,
  GEN_HTML_TYPES,
  GEN_NAME_RULES,
  GEN_QUERY_TYPES,
  GEN_TS_TYPES,
  type GenTable,
  type GenTableColumn,
  type TreeNode,
} from '@platform/contracts';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { LoadState } from '../../../components/LoadState';
import { treeOptions } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import type { PageProps } from '../../../lib/page-props';
import { requestData } from '../../../lib/request';
import { closeTag, tagsStore } from '../../../lib/tags';
import { editPath, fetchGenTable, saveGenTable } from '../codegen.api';

const LIST_PATH = '/tool/gen';

type Values = GenTable & { columns: GenTableColumn[] };

const FLAGS = ['isInsert', 'isEdit', 'isList', 'isQuery', 'isRequired'] as const;

/** /tool/gen-edit/index/:tableId: the names and per-column choices the generated code is written with. */
export function GenEditPage({ params }: PageProps) {
  const tableId = Number(params.tableId);
  const detail = useQuery({
    queryKey: ['gen-table', tableId],
    queryFn: () => fetchGenTable(tableId),
  });
  if (!detail.data) {
    return (
      <LoadState
        loading={detail.isPending}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  return <GenEditForm initial={{ ...detail.data.info, columns: detail.data.rows }} />;
}

function GenEditForm({ initial }: { initial: Values }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<string | null>('basic');
  const [busy, setBusy] = useState(false);
  const menus = useQuery({
    queryKey: ['menu-tree', i18n.locale],
    // Silent: an editor without the menu or dictionary pages' permissions still edits the rest.
    queryFn: () => requestData<TreeNode[]>('/system/menu/treeselect', { silent: true }),
  });
  const dictTypes = useQuery({
    queryKey: ['dict-type-options', i18n.locale],
    queryFn: () => requestData<DictTypeView[]>('/system/dict/type/optionselect', { silent: true }),
  });
  const required = (label: string) => (value: unknown) =>
    value === undefined || value === null || String(value).trim() === ''
      ? t`${label} cannot be empty`
      : null;
  const matching = (label: string, rule: RegExp, hint: string) => (value: unknown) =>
    required(label)(value) ?? (rule.test(String(value)) ? null : hint);
  const form = useForm<Values>({
    initialValues: { ...initial, remark: initial.remark ?? '' },
    validate: {
      className: matching(
        t`Class name`,
        GEN_NAME_RULES.className,
        t`PascalCase letters and digits, e.g. Notice`,
      ),
      moduleName: matching(
        t`Module name`,
        GEN_NAME_RULES.moduleName,
        t`Lower-case letters, digits and hyphens, e.g. notices`,
      ),
      businessName: matching(
        t`Business name`,
        GEN_NAME_RULES.businessName,
        t`camelCase letters and digits, e.g. notice`,
      ),
      functionName: required(t`Function name (Chinese)`),
      functionNameEn: required(t`Function name (English)`),
      columns: {
        tsField: matching(
          t`TS field`,
          GEN_NAME_RULES.tsField,
          t`camelCase letters and digits, e.g. createTime`,
        ),
      },
    },
  });
  const back = () => {
    tagsStore.set(closeTag(tagsStore.get(), editPath(initial.tableId)));
    router.history.push(LIST_PATH);
  };
  const save = async (values: Values) => {
    setBusy(true);
    try {
      await saveGenTable({
        ...values,
        parentMenuId: Number(values.parentMenuId) || 0,
        columns: values.columns.map((c, i) => ({ ...c, sort: i + 1 })),
      });
      notify('success', t`Saved`);
      await queryClient.invalidateQueries({ queryKey: ['gen-table', initial.tableId] });
      back();
    } catch {
      // The request layer has shown the server's reason; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };
  const menuOptions = [
    { value: '0', label: t`(top level)` },
    ...treeOptions(menus.data ?? [], i18n.locale),
  ];
  // Without the menu tree (not loaded, or not allowed) the saved parent still shows, by its id.
  const parent = String(form.values.parentMenuId ?? 0);
  if (!menuOptions.some((o) => o.value === parent))
    menuOptions.push({ value: parent, label: parent });
  const dictOptions = [
    { value: '', label: t`(none)` },
    ...(dictTypes.data ?? []).map((d) => ({
      value: d.dictType,
      label: `${i18n.locale === 'en' ? d.dictNameEn || d.dictName : d.dictName} (${d.dictType})`,
    })),
  ];
  const flagLabels: Record<(typeof FLAGS)[number], string> = {
    isInsert: t`Insert`,
    isEdit: t`Edit`,
    isList: t`List`,
    isQuery: t`Query`,
    isRequired: t`Required`,
  };
  return (
    <form
      data-testid="gen-edit-page"
      onSubmit={form.onSubmit(
        (values) => void save(values),
        (errors) => {
          const basic = Object.keys(errors).some((key) => !key.startsWith('columns'));
          setTab(basic ? 'basic' : 'columns');
        },
      )}
    >
      <Stack gap="sm">
        <Title order={1} size="h4">
          <Trans>Edit generation settings: {initial.tableName}</Trans>
        </Title>
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="basic" data-testid="tab-basic">
              <Trans>Basic information</Trans>
            </Tabs.Tab>
            <Tabs.Tab value="columns" data-testid="tab-columns">
              <Trans>Columns</Trans>
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="basic" pt="md">
            <Grid maw={960}>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label={t`Table name`} value={initial.tableName} readOnly />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput label={t`Service`} value={initial.service} readOnly />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label={t`Table comment`}
                  {...form.getInputProps('tableComment')}
                  data-testid="gen-tableComment"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label={t`Class name`}
                  withAsterisk
                  {...form.getInputProps('className')}
                  data-testid="gen-className"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label={t`Module name`}
                  withAsterisk
                  {...form.getInputProps('moduleName')}
                  data-testid="gen-moduleName"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label={t`Business name`}
                  withAsterisk
                  {...form.getInputProps('businessName')}
                  data-testid="gen-businessName"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label={t`Function name (Chinese)`}
                  withAsterisk
                  {...form.getInputProps('functionName')}
                  data-testid="gen-functionName"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <TextInput
                  label={t`Function name (English)`}
                  withAsterisk
                  {...form.getInputProps('functionNameEn')}
                  data-testid="gen-functionNameEn"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Select
                  label={t`Parent menu`}
                  searchable
                  allowDeselect={false}
                  data={menuOptions}
                  nothingFoundMessage={menus.isPending ? t`Loading…` : t`No options`}
                  value={parent}
                  onChange={(v) => form.setFieldValue('parentMenuId', Number(v ?? 0))}
                  data-testid="gen-parentMenuId"
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label={t`Remark`}
                  autosize
                  minRows={2}
                  {...form.getInputProps('remark')}
                  data-testid="gen-remark"
                />
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
          <Tabs.Panel value="columns" pt="md">
            {form.values.columns.length === 0 ? (
              <Text c="dimmed" ta="center" data-testid="gen-columns-empty">
                <Trans>The table has no columns; synchronise it from its database.</Trans>
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={1500}>
                <Table striped withTableBorder data-testid="gen-columns">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>
                        <Trans>Column</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Type</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Comment</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>TS type</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>TS field</Trans>
                      </Table.Th>
                      {FLAGS.map((flag) => (
                        <Table.Th key={flag}>{flagLabels[flag]}</Table.Th>
                      ))}
                      <Table.Th>
                        <Trans>Query type</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Form control</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Dictionary type</Trans>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {form.values.columns.map((column, i) => {
                      const name = column.columnName;
                      const path = (key: keyof GenTableColumn) => `columns.${i}.${key}`;
                      return (
                        <Table.Tr key={column.columnId} data-testid={`gen-column-${name}`}>
                          <Table.Td>
                            <Text size="sm" ff="monospace">
                              {name}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm" ff="monospace">
                              {column.columnType}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              size="xs"
                              aria-label={t`Comment of ${name}`}
                              {...form.getInputProps(path('columnComment'))}
                            />
                          </Table.Td>
                          <Table.Td>
                            <NativeSelect
                              size="xs"
                              aria-label={t`TS type of ${name}`}
                              data={[...GEN_TS_TYPES]}
                              {...form.getInputProps(path('tsType'))}
                            />
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              size="xs"
                              aria-label={t`TS field of ${name}`}
                              {...form.getInputProps(path('tsField'))}
                            />
                          </Table.Td>
                          {FLAGS.map((flag) => (
                            <Table.Td key={flag}>
                              <Checkbox
                                aria-label={t`${flagLabels[flag]}: ${name}`}
                                {...form.getInputProps(path(flag), { type: 'checkbox' })}
                                data-testid={`${flag}-${name}`}
                              />
                            </Table.Td>
                          ))}
                          <Table.Td>
                            <NativeSelect
                              size="xs"
                              aria-label={t`Query type of ${name}`}
                              data={[...GEN_QUERY_TYPES]}
                              {...form.getInputProps(path('queryType'))}
                            />
                          </Table.Td>
                          <Table.Td>
                            <NativeSelect
                              size="xs"
                              aria-label={t`Form control of ${name}`}
                              data={[...GEN_HTML_TYPES]}
                              {...form.getInputProps(path('htmlType'))}
                            />
                          </Table.Td>
                          <Table.Td>
                            <NativeSelect
                              size="xs"
                              aria-label={t`Dictionary type of ${name}`}
                              data={
                                column.dictType &&
                                !dictOptions.some((o) => o.value === column.dictType)
                                  ? [
                                      ...dictOptions,
                                      { value: column.dictType, label: column.dictType },
                                    ]
                                  : dictOptions
                              }
                              {...form.getInputProps(path('dictType'))}
                            />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Tabs.Panel>
        </Tabs>
        <Group>
          <Button
            type="submit"
            loading={busy}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="gen-save"
          >
            <Trans>Save</Trans>
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            onClick={back}
            data-testid="gen-back"
          >
            <Trans>Back</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
