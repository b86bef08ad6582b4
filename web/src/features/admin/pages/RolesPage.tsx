import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Input, Modal, Select, Stack } from '@mantine/core';
import { DATA_SCOPES, PERMISSIONS as P, type RoleView, type TreeNode } from '@platform/contracts';
import { IconDatabase, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { fetchData, putData } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import { CheckTree } from '../components/CheckTree';

/** The checked ids plus every ancestor of one (a granted button needs its page and directory). */
export function withAncestors(ids: number[], tree: TreeNode[]): number[] {
  const parents = new Map<number, number>();
  const walk = (nodes: TreeNode[], parent?: number) => {
    for (const node of nodes) {
      if (parent !== undefined) parents.set(node.id, parent);
      walk(node.children ?? [], node.id);
    }
  };
  walk(tree);
  const all = new Set(ids);
  for (const id of ids) {
    for (let p = parents.get(id); p !== undefined; p = parents.get(p)) all.add(p);
  }
  return [...all];
}

function DataScopeDialog({ role, onDone }: { role: RoleView; onDone: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<string>(role.dataScope);
  const [deptIds, setDeptIds] = useState<number[]>([]);
  const tree = useQuery({
    queryKey: ['role-dept-tree', role.roleId],
    queryFn: () =>
      fetchData<{ checkedKeys: number[]; depts: TreeNode[] }>(
        `/system/role/deptTree/${role.roleId}`,
      ),
    enabled: open,
  });
  const levels = [
    { value: DATA_SCOPES.all, label: t`All data` },
    { value: DATA_SCOPES.custom, label: t`Custom departments` },
    { value: DATA_SCOPES.dept, label: t`Own department` },
    { value: DATA_SCOPES.deptAndBelow, label: t`Department and below` },
    { value: DATA_SCOPES.self, label: t`Only self` },
  ];
  return (
    <>
      <IconButton
        label={t`Data scope`}
        variant="subtle"
        data-testid="data-scope"
        onClick={() => {
          setScope(role.dataScope);
          setOpen(true);
        }}
      >
        <IconDatabase size={16} />
      </IconButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={t`Data scope`}>
        <Stack>
          <Select
            label={t`Data scope`}
            data={levels}
            value={scope}
            onChange={(v) => setScope(v ?? DATA_SCOPES.all)}
            allowDeselect={false}
          />
          {scope === DATA_SCOPES.custom ? (
            <CheckTree
              nodes={tree.data?.depts ?? []}
              value={deptIds.length ? deptIds : (tree.data?.checkedKeys ?? [])}
              onChange={setDeptIds}
              testId="scope-dept"
            />
          ) : null}
          <Button
            onClick={async () => {
              await putData('/system/role/dataScope', {
                roleId: role.roleId,
                dataScope: scope,
                deptIds: deptIds.length ? deptIds : (tree.data?.checkedKeys ?? []),
              });
              notify('success', t`Saved`);
              setOpen(false);
              onDone();
            }}
          >
            <Trans>Confirm</Trans>
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

/** system/role/index: roles, their menu grants, data scopes and users. */
export function RolesPage() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const status = dictOptions(useDict('sys_normal_disable'));
  const menus = useQuery({
    queryKey: ['menu-tree', i18n.locale],
    queryFn: () => fetchData<TreeNode[]>('/system/menu/treeselect'),
  });
  const tree = menus.data ?? [];
  return (
    <CrudPage<RoleView & Record<string, unknown>>
      config={{
        testId: 'roles-page',
        listUrl: '/system/role/list',
        baseUrl: '/system/role',
        idKey: 'roleId',
        filters: [
          { name: 'roleName', label: t`Role name` },
          { name: 'roleKey', label: t`Role key` },
          { name: 'status', label: t`Status`, type: 'select', options: status },
        ],
        columns: [
          { key: 'roleId', title: t`Role ID` },
          {
            key: 'roleName',
            title: t`Role name`,
            render: (r) => (i18n.locale === 'en' ? r.roleNameEn || r.roleName : r.roleName),
          },
          { key: 'roleKey', title: t`Role key` },
          { key: 'roleSort', title: t`Order` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          {
            key: 'createTime',
            title: t`Created`,
            render: (r) => new Date(r.createTime).toLocaleString(),
          },
        ],
        form: [
          { name: 'roleName', label: t`Role name`, required: true },
          { name: 'roleNameEn', label: t`Role name (English)` },
          { name: 'roleKey', label: t`Role key`, required: true },
          { name: 'roleSort', label: t`Order`, type: 'number', required: true },
          { name: 'status', label: t`Status`, type: 'select', options: status },
          {
            name: 'menuIds',
            label: t`Menu permissions`,
            type: 'custom',
            render: (value, onChange) => (
              <Input.Wrapper label={t`Menu permissions`}>
                <CheckTree
                  nodes={tree}
                  value={(value as number[]) ?? []}
                  onChange={onChange}
                  testId="menu"
                />
              </Input.Wrapper>
            ),
          },
          { name: 'remark', label: t`Remark`, type: 'textarea' },
        ],
        defaults: { status: '0', roleSort: 1, menuIds: [] },
        permissions: {
          add: P.system.role.add,
          edit: P.system.role.edit,
          remove: P.system.role.remove,
          export: P.system.role.export,
        },
        exportUrl: '/system/role/export',
        exportName: 'role',
        toBody: (values) => ({
          ...values,
          menuIds: withAncestors((values.menuIds as number[]) ?? [], tree),
        }),
        rowActions: (row, refresh) =>
          row.admin ? null : (
            <HasPermi value={P.system.role.edit}>
              <DataScopeDialog role={row} onDone={refresh} />
              <IconButton
                label={t`Assign users`}
                variant="subtle"
                data-testid="assign-users"
                onClick={() => router.history.push(`/system/role-auth/user/${row.roleId}`)}
              >
                <IconUsers size={16} />
              </IconButton>
            </HasPermi>
          ),
      }}
    />
  );
}
