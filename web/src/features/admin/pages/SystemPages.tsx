import { useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, MultiSelect, Select, Stack, Table, Title } from '@mantine/core';
import {
  type ConfigView,
  type DeptView,
  type DictDataView,
  type DictTypeView,
  type MenuView,
  PERMISSIONS as P,
  type PostView,
  type TreeNode,
} from '@platform/contracts';
import { PERMISSION_CATALOGUE, permissionsOf } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { AppLink } from '../../../components/AppLink';
import { HasPermi } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { MENU_ICON_NAMES, MenuIcon } from '../../layout/menuIcons';
import type { PageProps } from '../../menu/page-props';
import { deleteEntity, fetchData, treeOptions } from '../admin.api';
import { CrudPage } from '../components/CrudPage';
import { dictOptions, DictTag, useDict } from '../useDict';

const PERMISSION_OPTIONS = [...PERMISSION_CATALOGUE].sort();

const when = (iso: string) => new Date(iso).toLocaleString();

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
      <Title order={4}>
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
          filters: [{ name: 'dictLabel', label: t`Label` }],
          columns: [
            { key: 'dictCode', title: t`ID` },
            {
              key: 'dictLabel',
              title: t`Label`,
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

/** system/config/index. */
export function ConfigsPage() {
  const { t, i18n } = useLingui();
  const yesNo = dictOptions(useDict('sys_yes_no'));
  return (
    <CrudPage<ConfigView & Record<string, unknown>>
      config={{
        testId: 'configs-page',
        listUrl: '/system/config/list',
        baseUrl: '/system/config',
        idKey: 'configId',
        filters: [
          { name: 'configName', label: t`Parameter name` },
          { name: 'configKey', label: t`Parameter key` },
          { name: 'configType', label: t`Built in`, type: 'select', options: yesNo },
        ],
        columns: [
          { key: 'configId', title: t`ID` },
          {
            key: 'configName',
            title: t`Parameter name`,
            render: (r) => (i18n.locale === 'en' ? r.configNameEn || r.configName : r.configName),
          },
          { key: 'configKey', title: t`Parameter key` },
          { key: 'configValue', title: t`Value` },
          {
            key: 'configType',
            title: t`Built in`,
            render: (r) => <DictTag type="sys_yes_no" value={r.configType} />,
          },
        ],
        form: [
          { name: 'configName', label: t`Parameter name`, required: true },
          { name: 'configNameEn', label: t`Parameter name (English)` },
          { name: 'configKey', label: t`Parameter key`, required: true },
          { name: 'configValue', label: t`Value`, required: true },
          { name: 'configType', label: t`Built in`, type: 'select', options: yesNo },
          { name: 'remark', label: t`Remark`, type: 'textarea' },
        ],
        defaults: { configType: 'N' },
        permissions: {
          add: P.system.config.add,
          edit: P.system.config.edit,
          remove: P.system.config.remove,
          export: P.system.config.export,
        },
        exportUrl: '/system/config/export',
        toolbar: () => (
          <HasPermi value={P.system.config.remove}>
            <Button
              variant="light"
              color="red"
              onClick={async () => {
                await deleteEntity('/system/config/refreshCache');
                notify('success', t`Cache refreshed`);
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

/** system/post/index. */
export function PostsPage() {
  const { t, i18n } = useLingui();
  const status = dictOptions(useDict('sys_normal_disable'));
  return (
    <CrudPage<PostView & Record<string, unknown>>
      config={{
        testId: 'posts-page',
        listUrl: '/system/post/list',
        baseUrl: '/system/post',
        idKey: 'postId',
        filters: [
          { name: 'postCode', label: t`Post code` },
          { name: 'postName', label: t`Post name` },
        ],
        columns: [
          { key: 'postId', title: t`ID` },
          { key: 'postCode', title: t`Post code` },
          {
            key: 'postName',
            title: t`Post name`,
            render: (r) => (i18n.locale === 'en' ? r.postNameEn || r.postName : r.postName),
          },
          { key: 'postSort', title: t`Order` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
        ],
        form: [
          { name: 'postCode', label: t`Post code`, required: true },
          { name: 'postName', label: t`Post name`, required: true },
          { name: 'postNameEn', label: t`Post name (English)` },
          { name: 'postSort', label: t`Order`, type: 'number', required: true },
          { name: 'status', label: t`Status`, type: 'select', options: status },
          { name: 'remark', label: t`Remark`, type: 'textarea' },
        ],
        defaults: { status: '0', postSort: 1 },
        permissions: {
          add: P.system.post.add,
          edit: P.system.post.edit,
          remove: P.system.post.remove,
          export: P.system.post.export,
        },
        exportUrl: '/system/post/export',
      }}
    />
  );
}

/** system/dept/index: the department tree as an indented table. */
export function DeptsPage() {
  const { t, i18n } = useLingui();
  const status = dictOptions(useDict('sys_normal_disable'));
  const tree = useQuery({
    queryKey: ['dept-tree', i18n.locale],
    queryFn: () => fetchData<TreeNode[]>('/system/user/deptTree'),
  });
  const parents = [
    { value: '0', label: t`(top level)` },
    ...treeOptions(tree.data ?? [], i18n.locale),
  ];
  return (
    <CrudPage<DeptView & Record<string, unknown>>
      config={{
        testId: 'depts-page',
        listUrl: '/system/dept/list',
        baseUrl: '/system/dept',
        idKey: 'deptId',
        paged: false,
        depthOf: (r) => Math.max(0, r.ancestors.split(',').length - 2),
        filters: [{ name: 'deptName', label: t`Department name` }],
        columns: [
          {
            key: 'deptName',
            title: t`Department name`,
            render: (r) => (i18n.locale === 'en' ? r.deptNameEn || r.deptName : r.deptName),
          },
          { key: 'orderNum', title: t`Order` },
          { key: 'leader', title: t`Leader` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          { key: 'createTime', title: t`Created`, render: (r) => when(r.createTime) },
        ],
        form: [
          {
            name: 'parentId',
            label: t`Parent department`,
            type: 'select',
            options: parents,
            required: true,
          },
          { name: 'deptName', label: t`Department name`, required: true },
          { name: 'deptNameEn', label: t`Department name (English)` },
          { name: 'orderNum', label: t`Order`, type: 'number' },
          { name: 'leader', label: t`Leader` },
          { name: 'phone', label: t`Phone` },
          { name: 'email', label: t`Email` },
          { name: 'status', label: t`Status`, type: 'select', options: status },
        ],
        defaults: { parentId: '100', status: '0', orderNum: 0 },
        loadForEdit: async (row) => ({ ...row, parentId: String(row.parentId) }),
        toBody: (v) => ({ ...v, parentId: Number(v.parentId), email: v.email || undefined }),
        permissions: {
          add: P.system.dept.add,
          edit: P.system.dept.edit,
          remove: P.system.dept.remove,
        },
      }}
    />
  );
}

/** system/menu/index: directories, pages and buttons. */
export function MenusPage() {
  const { t, i18n } = useLingui();
  const status = dictOptions(useDict('sys_normal_disable'));
  const shown = dictOptions(useDict('sys_show_hide'));
  const tree = useQuery({
    queryKey: ['menu-tree', i18n.locale],
    queryFn: () => fetchData<TreeNode[]>('/system/menu/treeselect'),
  });
  const list = useQuery({
    queryKey: ['menu-depth'],
    queryFn: () => fetchData<MenuView[]>('/system/menu/list'),
  });
  const parentOf = new Map((list.data ?? []).map((m) => [m.menuId, m.parentId]));
  const depth = (m: MenuView) => {
    let d = 0;
    for (let p = m.parentId; p && d < 10; p = parentOf.get(p) ?? 0) d += 1;
    return d;
  };
  const types = [
    { value: 'M', label: t`Directory` },
    { value: 'C', label: t`Menu` },
    { value: 'F', label: t`Button` },
  ];
  return (
    <CrudPage<MenuView & Record<string, unknown>>
      config={{
        testId: 'menus-page',
        listUrl: '/system/menu/list',
        baseUrl: '/system/menu',
        idKey: 'menuId',
        paged: false,
        depthOf: depth,
        filters: [{ name: 'menuName', label: t`Menu name` }],
        columns: [
          {
            key: 'menuName',
            title: t`Menu name`,
            render: (r) => (i18n.locale === 'en' ? r.menuNameEn || r.menuName : r.menuName),
          },
          { key: 'icon', title: t`Icon`, render: (r) => <MenuIcon name={r.icon} size={16} /> },
          { key: 'orderNum', title: t`Order` },
          { key: 'perms', title: t`Permission` },
          { key: 'component', title: t`Component` },
          {
            key: 'visible',
            title: t`Visible`,
            render: (r) => <DictTag type="sys_show_hide" value={r.visible} />,
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
        ],
        form: [
          {
            name: 'parentId',
            label: t`Parent menu`,
            type: 'select',
            options: [
              { value: '0', label: t`(top level)` },
              ...treeOptions(tree.data ?? [], i18n.locale),
            ],
          },
          { name: 'menuType', label: t`Type`, type: 'select', options: types, required: true },
          { name: 'menuName', label: t`Menu name`, required: true },
          { name: 'menuNameEn', label: t`Menu name (English)` },
          { name: 'orderNum', label: t`Order`, type: 'number', required: true },
          {
            name: 'icon',
            label: t`Icon`,
            type: 'custom',
            render: (value, onChange) => (
              <Select
                label={t`Icon`}
                searchable
                clearable
                data={MENU_ICON_NAMES}
                value={(value as string) || null}
                onChange={(v) => onChange(v ?? '#')}
                leftSection={<MenuIcon name={String(value ?? '')} size={16} />}
                renderOption={({ option }) => (
                  <Group gap="xs">
                    <MenuIcon name={option.value} size={16} />
                    {option.value}
                  </Group>
                )}
                data-testid="icon-picker"
              />
            ),
          },
          { name: 'path', label: t`Route path` },
          { name: 'component', label: t`Component` },
          {
            name: 'perms',
            label: t`Permission`,
            type: 'custom',
            // Only catalogued permissions exist (the server refuses any other string), so pick, don't type.
            render: (value, onChange) => (
              <MultiSelect
                label={t`Permission`}
                searchable
                clearable
                data={PERMISSION_OPTIONS}
                value={permissionsOf(value as string | null)}
                onChange={(list) => onChange(list.join(','))}
                data-testid="perms-picker"
              />
            ),
          },
          {
            name: 'isFrame',
            label: t`External link`,
            type: 'select',
            options: [
              { value: '0', label: t`Yes` },
              { value: '1', label: t`No` },
            ],
          },
          { name: 'visible', label: t`Visible`, type: 'select', options: shown },
          { name: 'status', label: t`Status`, type: 'select', options: status },
        ],
        defaults: {
          parentId: '0',
          menuType: 'C',
          orderNum: 1,
          isFrame: '1',
          visible: '0',
          status: '0',
        },
        loadForEdit: async (row) => ({ ...row, parentId: String(row.parentId) }),
        toBody: (v) => ({ ...v, parentId: Number(v.parentId ?? 0) }),
        permissions: {
          add: P.system.menu.add,
          edit: P.system.menu.edit,
          remove: P.system.menu.remove,
        },
      }}
    />
  );
}

/** A plain key/value table (cache and server monitors). */
export function KeyValueTable({ rows }: { rows: [string, string][] }) {
  return (
    <Table withTableBorder striped>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td fw={600}>{key}</Table.Td>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
