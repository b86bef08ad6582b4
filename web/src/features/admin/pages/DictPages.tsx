import { useLingui } from '@lingui/react/macro';
import { Anchor, Button, Stack, Title } from '@mantine/core';
import {
  type DictDataView,
  type DictTypeView,
  PERMISSIONS as P,
  type TreeNode,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../../components/AppLink';
import { CrudPage } from '../../../components/CrudPage';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { deleteEntity, fetchData, treeOptions } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import type { PageProps } from '../../../lib/page-props';
import { when } from '../format';

function DictTypes({ tree }: { tree: boolean }) {
  const { t, i18n } = useLingui();
  const status = dictOptions(useDict('sys_normal_disable'));
  const to = (id: number) =>
    tree ? `/tree/dict/type/data/${id}` : `/system/dict-data/index/${id}`;
  return (
    <CrudPage<DictTypeView & Record<string, unknown>>
      config={{
        testId: tree ? 'tree-dict-page' : 'dict-types-page',
        listUrl: '/system/dict/type/list',
        baseUrl: '/system/dict/type',
        idKey: 'dictId',
        fixed: tree ? { dictKind: '1' } : undefined,
        filters: [
          { name: 'dictName', label: t`Dictionary name` },
          { name: 'dictType', label: t`Dictionary type` },
          { name: 'status', label: t`Status`, type: 'select', options: status },
        ],
        columns: [
          { key: 'dictId', title: t`ID` },
          {
            key: 'dictName',
            title: t`Dictionary name`,
            render: (r) => (i18n.locale === 'en' ? r.dictNameEn || r.dictName : r.dictName),
          },
          {
            key: 'dictType',
            title: t`Dictionary type`,
            render: (r) => (
              <Anchor component={AppLink} to={to(r.dictId)} data-testid={`dict-link-${r.dictType}`}>
                {r.dictType}
              </Anchor>
            ),
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          { key: 'createTime', title: t`Created`, render: (r) => when(r.createTime) },
        ],
        form: [
          { name: 'dictName', label: t`Dictionary name`, required: true },
          { name: 'dictNameEn', label: t`Dictionary name (English)` },
          { name: 'dictType', label: t`Dictionary type`, required: true },
          { name: 'status', label: t`Status`, type: 'select', options: status },
          { name: 'remark', label: t`Remark`, type: 'textarea' },
        ],
        defaults: { status: '0', dictKind: tree ? '1' : '0' },
        toBody: (values) => ({ ...values, dictKind: tree ? '1' : (values.dictKind ?? '0') }),
        permissions: tree
          ? {
              add: P.system.treeDict.add,
              edit: P.system.treeDict.edit,
              remove: P.system.treeDict.remove,
            }
          : {
              add: P.system.dict.add,
              edit: P.system.dict.edit,
              remove: P.system.dict.remove,
              export: P.system.dict.export,
            },
        exportUrl: '/system/dict/type/export',
        toolbar: (refresh) => (
          <HasPermi value={P.system.dict.remove}>
            <Button
              variant="light"
              color="red"
              data-testid="refresh-cache"
              onClick={async () => {
                await deleteEntity('/system/dict/type/refreshCache');
                notify('success', t`Cache refreshed`);
                refresh();
              }}
            >
              {t`Refresh cache`}
            </Button>
          </HasPermi>
        ),
      }}
    />
  );
}

export const DictTypesPage = () => <DictTypes tree={false} />;
export const TreeDictPage = () => <DictTypes tree />;

function depthOfCode(rows: DictDataView[]): (row: DictDataView) => number {
  const parent = new Map(rows.map((r) => [r.dictCode, r.parentCode]));
  return (row) => {
    let depth = 0;
    for (let p = row.parentCode; p && parent.has(p) && depth < 10; p = parent.get(p) ?? 0)
      depth += 1;
    return depth;
  };
}

/** Entries of one dictionary (/system/dict-data/index/:dictId and /tree/dict/type/data/:dictId). */
function DictData({ dictId, tree }: { dictId: number; tree: boolean }) {
  const { t, i18n } = useLingui();
  const type = useQuery({
    queryKey: ['dict-type', dictId],
    queryFn: () => fetchData<DictTypeView>(`/system/dict/type/${dictId}`),
  });
  const entries = useQuery({
    queryKey: ['dict-tree', dictId, i18n.locale],
    queryFn: () => fetchData<DictDataView[]>(`/system/dict/data/tree/${dictId}`),
    enabled: tree,
  });
  const status = dictOptions(useDict('sys_normal_disable'));
  const flat = (nodes: DictDataView[]): DictDataView[] =>
    nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const all = flat(entries.data ?? []);
  const parents = treeOptions(toTree(entries.data ?? []), i18n.locale);
  if (!type.data) return null;
  const dictType = type.data.dictType;
  return (
    <Stack>
      <Title order={2} size="h4">
        {i18n.locale === 'en' ? type.data.dictNameEn || type.data.dictName : type.data.dictName}
      </Title>
      <CrudPage<DictDataView & Record<string, unknown>>
        config={{
          testId: 'dict-data-page',
          listUrl: '/system/dict/data/list',
          baseUrl: '/system/dict/data',
          idKey: 'dictCode',
          fixed: { dictType, pageSize: tree ? 500 : undefined },
          depthOf: tree ? depthOfCode(all) : undefined,
          filters: [{ name: 'dictLabel', label: t`Dictionary label` }],
          columns: [
            { key: 'dictCode', title: t`ID` },
            {
              key: 'dictLabel',
              title: t`Dictionary label`,
              render: (r) => <span data-testid="dict-label">{r.dictLabel}</span>,
            },
            { key: 'dictValue', title: t`Value` },
            { key: 'dictSort', title: t`Order` },
            { key: 'listClass', title: t`Tag style` },
            {
              key: 'status',
              title: t`Status`,
              render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
            },
          ],
          form: [
            ...(tree
              ? [
                  {
                    name: 'parentCode',
                    label: t`Parent entry`,
                    type: 'select' as const,
                    options: parents,
                    optionsLoading: entries.isPending,
                  },
                ]
              : []),
            { name: 'dictLabel', label: t`Label (Chinese)`, required: true },
            { name: 'dictLabelEn', label: t`Label (English)` },
            { name: 'dictValue', label: t`Value`, required: true },
            { name: 'dictSort', label: t`Order`, type: 'number' },
            {
              name: 'listClass',
              label: t`Tag style`,
              type: 'select',
              options: ['default', 'primary', 'success', 'info', 'warning', 'danger'].map((v) => ({
                value: v,
                label: v,
              })),
            },
            { name: 'cssClass', label: t`CSS class` },
            { name: 'status', label: t`Status`, type: 'select', options: status },
            { name: 'remark', label: t`Remark`, type: 'textarea' },
          ],
          defaults: { dictType, status: '0', dictSort: 0, listClass: 'default' },
          loadForEdit: async (row) => {
            const data = await fetchData<DictDataView>(`/system/dict/data/${row.dictCode}`);
            return {
              ...data,
              dictLabel: data.dictLabelZh,
              parentCode: data.parentCode ? String(data.parentCode) : undefined,
            };
          },
          toBody: (values) => ({
            ...values,
            dictType,
            parentCode: values.parentCode ? Number(values.parentCode) : 0,
          }),
          permissions: tree
            ? {
                add: P.system.treeDict.add,
                edit: P.system.treeDict.edit,
                remove: P.system.treeDict.remove,
              }
            : { add: P.system.dict.add, edit: P.system.dict.edit, remove: P.system.dict.remove },
        }}
      />
    </Stack>
  );
}

function toTree(nodes: DictDataView[]): TreeNode[] {
  return nodes.map((n) => ({
    id: n.dictCode,
    label: n.dictLabelZh,
    labelEn: n.dictLabelEn || n.dictLabelZh,
    children: toTree(n.children ?? []),
  }));
}

export const DictDataPage = ({ params }: PageProps) => (
  <DictData dictId={Number(params.dictId)} tree={false} />
);
export const TreeDictDataPage = ({ params }: PageProps) => (
  <DictData dictId={Number(params.dictId)} tree />
);
