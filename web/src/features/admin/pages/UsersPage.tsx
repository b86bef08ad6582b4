import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  FileButton,
  Grid,
  Group,
  Modal,
  NavLink,
  PasswordInput,
  Stack,
} from '@mantine/core';
import {
  PERMISSIONS as P,
  type TreeNode,
  type UserDetailView,
  type UserView,
} from '@platform/contracts';
import { IconKey, IconUpload, IconUserShield } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { CrudPage, type Field } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { fetchData, putData, treeOptions, uploadFile } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import { requestBlob, saveBlob } from '../../../lib/request';

function DeptTree({
  nodes,
  selected,
  onSelect,
}: {
  nodes: TreeNode[];
  selected?: number;
  onSelect: (id: number | undefined) => void;
}) {
  const { i18n } = useLingui();
  const render = (list: TreeNode[]) =>
    list.map((node) => (
      <NavLink
        key={node.id}
        label={i18n.locale === 'en' ? (node.labelEn ?? node.label) : node.label}
        active={selected === node.id}
        defaultOpened
        onClick={() => onSelect(selected === node.id ? undefined : node.id)}
        childrenOffset={14}
        data-testid={`dept-${node.id}`}
      >
        {node.children?.length ? render(node.children) : null}
      </NavLink>
    ));
  return <div data-testid="dept-tree">{render(nodes)}</div>;
}

function ResetPassword({ user }: { user: UserView }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  return (
    <>
      <IconButton
        label={t`Reset password`}
        variant="subtle"
        data-testid="reset-password"
        onClick={() => setOpen(true)}
      >
        <IconKey size={16} />
      </IconButton>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t`Reset password of ${user.userName}`}
      >
        <Stack>
          <PasswordInput
            label={t`New password`}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button
            onClick={async () => {
              await putData('/system/user/resetPwd', { userId: user.userId, password });
              notify('success', t`Password reset`);
              setOpen(false);
            }}
          >
            <Trans>Confirm</Trans>
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

/** system/user/index: users with the department tree filter, import and export. */
export function UsersPage() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const [deptId, setDeptId] = useState<number>();
  const tree = useQuery({
    queryKey: ['dept-tree', i18n.locale],
    queryFn: () => fetchData<TreeNode[]>('/system/user/deptTree'),
  });
  const choices = useQuery({
    queryKey: ['user-form-choices', i18n.locale],
    queryFn: () => fetchData<UserDetailView>('/system/user'),
  });
  const sex = dictOptions(useDict('sys_user_sex'));
  const status = dictOptions(useDict('sys_normal_disable'));
  const depts = treeOptions(tree.data ?? [], i18n.locale);
  const roles = (choices.data?.roles ?? []).map((r) => ({
    value: String(r.roleId),
    label: i18n.locale === 'en' ? r.roleNameEn || r.roleName : r.roleName,
  }));
  const posts = (choices.data?.posts ?? []).map((p) => ({
    value: String(p.postId),
    label: i18n.locale === 'en' ? p.postNameEn || p.postName : p.postName,
  }));
  const form: Field[] = [
    { name: 'userName', label: t`User name`, required: true },
    { name: 'nickName', label: t`Nickname`, required: true },
    { name: 'password', label: t`Password`, type: 'password', required: true, onlyNew: true },
    {
      name: 'deptId',
      label: t`Department`,
      type: 'select',
      options: depts,
      optionsLoading: tree.isPending,
    },
    { name: 'phonenumber', label: t`Phone number` },
    { name: 'email', label: t`Email` },
    { name: 'sex', label: t`Gender`, type: 'select', options: sex },
    { name: 'status', label: t`Status`, type: 'select', options: status },
    {
      name: 'roleIds',
      label: t`Roles`,
      type: 'multiselect',
      options: roles,
      optionsLoading: choices.isPending,
    },
    {
      name: 'postIds',
      label: t`Posts`,
      type: 'multiselect',
      options: posts,
      optionsLoading: choices.isPending,
    },
    { name: 'remark', label: t`Remark`, type: 'textarea' },
  ];
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 3 }}>
        <DeptTree nodes={tree.data ?? []} selected={deptId} onSelect={setDeptId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <CrudPage<UserView & Record<string, unknown>>
          config={{
            testId: 'users-page',
            listUrl: '/system/user/list',
            baseUrl: '/system/user',
            idKey: 'userId',
            fixed: { deptId },
            filters: [
              { name: 'userName', label: t`User name` },
              { name: 'phonenumber', label: t`Phone number` },
              { name: 'status', label: t`Status`, type: 'select', options: status },
            ],
            columns: [
              { key: 'userId', title: t`User ID` },
              { key: 'userName', title: t`User name` },
              { key: 'nickName', title: t`Nickname` },
              {
                key: 'deptName',
                title: t`Department`,
                render: (row) =>
                  i18n.locale === 'en' ? row.deptNameEn || row.deptName : row.deptName,
              },
              { key: 'phonenumber', title: t`Phone number` },
              {
                key: 'status',
                title: t`Status`,
                render: (row) => <DictTag type="sys_normal_disable" value={row.status} />,
              },
              {
                key: 'createTime',
                title: t`Created`,
                render: (row) => new Date(row.createTime).toLocaleString(),
              },
            ],
            form,
            defaults: { status: '0', sex: '2', deptId: deptId ? String(deptId) : undefined },
            permissions: {
              add: P.system.user.add,
              edit: P.system.user.edit,
              remove: P.system.user.remove,
              export: P.system.user.export,
            },
            exportUrl: '/system/user/export',
            exportName: 'user',
            loadForEdit: async (row) => {
              const detail = await fetchData<UserDetailView>(`/system/user/${row.userId}`);
              const user = detail.user!;
              return {
                ...user,
                deptId: user.deptId ? String(user.deptId) : undefined,
                roleIds: detail.roleIds.map(String),
                postIds: detail.postIds.map(String),
              };
            },
            toBody: (values) => ({
              ...values,
              deptId: values.deptId ? Number(values.deptId) : undefined,
              roleIds: ((values.roleIds as string[]) ?? []).map(Number),
              postIds: ((values.postIds as string[]) ?? []).map(Number),
              email: values.email || undefined,
              phonenumber: values.phonenumber || undefined,
            }),
            rowActions: (row) =>
              row.userId === 1 ? null : (
                <>
                  <HasPermi value={P.system.user.resetPwd}>
                    <ResetPassword user={row} />
                  </HasPermi>
                  <HasPermi value={P.system.user.edit}>
                    <IconButton
                      label={t`Assign roles`}
                      variant="subtle"
                      data-testid="assign-roles"
                      onClick={() => router.history.push(`/system/user-auth/role/${row.userId}`)}
                    >
                      <IconUserShield size={16} />
                    </IconButton>
                  </HasPermi>
                </>
              ),
            toolbar: (refresh) => (
              <HasPermi value={P.system.user.import}>
                <Group gap="xs">
                  <FileButton
                    accept=".xlsx"
                    onChange={async (file) => {
                      if (!file) return;
                      const res = await uploadFile(
                        '/system/user/importData',
                        'file',
                        file,
                        file.name,
                      );
                      const data = res.data as { message?: string } | undefined;
                      notify('success', data?.message ?? t`Imported`);
                      refresh();
                    }}
                  >
                    {(props) => (
                      <Button
                        {...props}
                        variant="light"
                        color="teal"
                        leftSection={<IconUpload size={16} />}
                      >
                        <Trans>Import</Trans>
                      </Button>
                    )}
                  </FileButton>
                  <Button
                    variant="subtle"
                    onClick={async () => {
                      const blob = await requestBlob('/system/user/importTemplate', {
                        method: 'POST',
                        repeatSubmit: false,
                      });
                      saveBlob(blob, 'user_template.xlsx');
                    }}
                  >
                    <Trans>Download template</Trans>
                  </Button>
                </Group>
              </HasPermi>
            ),
          }}
        />
      </Grid.Col>
    </Grid>
  );
}
