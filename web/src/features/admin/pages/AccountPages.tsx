import { Trans, useLingui } from '@lingui/react/macro';
import {
  Avatar,
  Button,
  Card,
  Checkbox,
  FileButton,
  Grid,
  PasswordInput,
  Select,
  Stack,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ProfileView, type RoleView, type UserView } from '@platform/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';

import { LoadState } from '../../../components/LoadState';
import { dictOptions, useDict } from '../../../hooks/useDict';
import { fetchData, fetchPage, putData, uploadFile } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import type { PageProps } from '../../../lib/page-props';
import { ContactBindingCard } from '../../auth';
import { KeyValueTable } from '../components/KeyValueTable';

const AVATAR_SIZE = 256;

// The personal centre's points and orders (issue 14) load with their own chunk.
const PersonalBilling = lazy(() =>
  import('../../billing').then((m) => ({ default: m.PersonalBilling })),
);

/** Crops an image to its centre square and scales it (the avatar crop), as a PNG blob. */
async function cropSquare(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  canvas
    .getContext('2d')
    ?.drawImage(
      bitmap,
      (bitmap.width - side) / 2,
      (bitmap.height - side) / 2,
      side,
      side,
      0,
      0,
      AVATAR_SIZE,
      AVATAR_SIZE,
    );
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), 'image/png'),
  );
}

/** /user/profile: the personal centre. */
export function ProfilePage() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const profile = useQuery({
    // The role and post names come in the reader's language.
    queryKey: ['profile', i18n.locale],
    queryFn: () => fetchData<ProfileView>('/system/user/profile'),
    placeholderData: keepPreviousData,
  });
  const pwd = useForm({
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : t`Passwords do not match`,
    },
  });
  const user = profile.data?.user;
  if (!user) {
    return <LoadState loading error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['profile'] });
  return (
    <Stack data-testid="profile-page">
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder>
            <Stack align="center">
              <Avatar src={user.avatar || undefined} size={120} radius={120} />
              <FileButton
                accept="image/png,image/jpeg"
                onChange={async (file) => {
                  if (!file) return;
                  const cropped = await cropSquare(file);
                  await uploadFile(
                    '/system/user/profile/avatar',
                    'avatarfile',
                    cropped,
                    'avatar.png',
                  );
                  notify('success', t`Avatar updated`);
                  reload();
                }}
              >
                {(props) => (
                  <Button {...props} size="xs" variant="light">
                    <Trans>Change avatar</Trans>
                  </Button>
                )}
              </FileButton>
            </Stack>
            <KeyValueTable
              rows={[
                [t`User name`, user.userName],
                [t`Phone number`, user.phonenumber ?? ''],
                [t`Email`, user.email ?? ''],
                [
                  t`Department`,
                  (i18n.locale === 'en' ? user.deptNameEn || user.deptName : user.deptName) ?? '',
                ],
                [t`Roles`, profile.data?.roleGroup ?? ''],
                [t`Posts`, profile.data?.postGroup ?? ''],
                [t`Registered`, new Date(user.createTime).toLocaleString()],
              ]}
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <BasicInfoCard user={user} onSaved={reload} />
            <ContactBindingCard
              qu={user.qu}
              phonenumber={user.phonenumber}
              email={user.email}
              onChanged={reload}
            />
            <Card withBorder>
              <form
                onSubmit={pwd.onSubmit(async (values) => {
                  await putData('/system/user/profile/updatePwd', {
                    oldPassword: values.oldPassword,
                    newPassword: values.newPassword,
                  });
                  notify('success', t`Password changed`);
                  pwd.reset();
                })}
              >
                <Stack>
                  <Title order={2} size="h5">
                    <Trans>Change password</Trans>
                  </Title>
                  <PasswordInput label={t`Old password`} {...pwd.getInputProps('oldPassword')} />
                  <PasswordInput label={t`New password`} {...pwd.getInputProps('newPassword')} />
                  <PasswordInput
                    label={t`Confirm password`}
                    {...pwd.getInputProps('confirmPassword')}
                  />
                  <Button type="submit" w={120}>
                    <Trans>Save</Trans>
                  </Button>
                </Stack>
              </form>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <Suspense fallback={null}>
        <PersonalBilling />
      </Suspense>
    </Stack>
  );
}

/** The user's own nickname and gender (PUT /system/user/profile). */
function BasicInfoCard({ user, onSaved }: { user: ProfileView['user']; onSaved: () => void }) {
  const { t } = useLingui();
  const sex = dictOptions(useDict('sys_user_sex'));
  const info = useForm({ initialValues: { nickName: user.nickName, sex: user.sex } });
  useEffect(() => {
    info.setValues({ nickName: user.nickName, sex: user.sex });
  }, [user.userId]);
  return (
    <Card withBorder>
      <form
        onSubmit={info.onSubmit(async (values) => {
          await putData('/system/user/profile', values);
          notify('success', t`Saved`);
          onSaved();
        })}
      >
        <Stack>
          <Title order={2} size="h5">
            <Trans>Basic information</Trans>
          </Title>
          <TextInput label={t`Nickname`} {...info.getInputProps('nickName')} />
          <Select label={t`Gender`} data={sex} {...info.getInputProps('sex')} />
          <Button type="submit" w={120}>
            <Trans>Save</Trans>
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** /user/info (spec §2 "info (user edit)"): the user edits their own details, phone and e-mail. */
export function UserInfoPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const profile = useQuery({
    queryKey: ['profile', 'info'],
    queryFn: () => fetchData<ProfileView>('/system/user/profile'),
  });
  const user = profile.data?.user;
  if (!user) {
    return <LoadState loading error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['profile'] });
  return (
    <Stack data-testid="user-info-page" maw={720}>
      <Title order={1} size="h4">
        {t`Edit user`}
      </Title>
      <KeyValueTable rows={[[t`User name`, user.userName]]} />
      <BasicInfoCard user={user} onSaved={reload} />
      <ContactBindingCard
        qu={user.qu}
        phonenumber={user.phonenumber}
        email={user.email}
        onChanged={reload}
      />
    </Stack>
  );
}

/** /system/user-auth/role/:userId: which roles a user holds. */
export function AuthRolePage({ params }: PageProps) {
  const { t, i18n } = useLingui();
  const userId = Number(params.userId);
  const data = useQuery({
    queryKey: ['auth-role', userId],
    queryFn: () =>
      fetchData<{ user: UserView; roles: RoleView[] }>(`/system/user/authRole/${userId}`),
  });
  const [checked, setChecked] = useState<number[] | null>(null);
  if (!data.data) return null;
  const held = checked ?? data.data.roles.filter((r) => r.flag).map((r) => r.roleId);
  return (
    <Stack data-testid="auth-role-page">
      <Title order={2} size="h4">
        {data.data.user.userName}
      </Title>
      <Table withTableBorder>
        <Table.Tbody>
          {data.data.roles.map((r) => (
            <Table.Tr key={r.roleId}>
              <Table.Td>
                <Checkbox
                  checked={held.includes(r.roleId)}
                  onChange={(e) =>
                    setChecked(
                      e.currentTarget.checked
                        ? [...held, r.roleId]
                        : held.filter((id) => id !== r.roleId),
                    )
                  }
                  data-testid={`role-${r.roleKey}`}
                />
              </Table.Td>
              <Table.Td>{i18n.locale === 'en' ? r.roleNameEn || r.roleName : r.roleName}</Table.Td>
              <Table.Td>{r.roleKey}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button
        w={120}
        onClick={async () => {
          await putData('/system/user/authRole', { userId, roleIds: held });
          notify('success', t`Saved`);
        }}
      >
        <Trans>Save</Trans>
      </Button>
    </Stack>
  );
}

/** /system/role-auth/user/:roleId: the users holding a role; add or remove them. */
export function AuthUserPage({ params }: PageProps) {
  const { t } = useLingui();
  const roleId = Number(params.roleId);
  const queryClient = useQueryClient();
  const allocated = useQuery({
    queryKey: ['role-users', roleId, true],
    queryFn: () =>
      fetchPage<UserView>('/system/role/authUser/allocatedList', { roleId, pageSize: 50 }),
  });
  const others = useQuery({
    queryKey: ['role-users', roleId, false],
    queryFn: () =>
      fetchPage<UserView>('/system/role/authUser/unallocatedList', { roleId, pageSize: 50 }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['role-users', roleId] });
  const table = (rows: UserView[], action: string, onClick: (u: UserView) => Promise<void>) => (
    <Table withTableBorder>
      <Table.Tbody>
        {rows.map((u) => (
          <Table.Tr key={u.userId}>
            <Table.Td>{u.userName}</Table.Td>
            <Table.Td>{u.nickName}</Table.Td>
            <Table.Td>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => void onClick(u).then(refresh)}
              >
                {action}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Grid data-testid="auth-user-page">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Title order={2} size="h5">
          <Trans>Users holding the role</Trans>
        </Title>
        {table(allocated.data?.rows ?? [], t`Cancel authorization`, (u) =>
          putData('/system/role/authUser/cancel', { roleId, userId: u.userId }).then(
            () => undefined,
          ),
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Title order={2} size="h5">
          <Trans>Other users</Trans>
        </Title>
        {table(others.data?.rows ?? [], t`Add`, (u) =>
          putData('/system/role/authUser/selectAll', { roleId, userIds: [u.userId] }).then(
            () => undefined,
          ),
        )}
      </Grid.Col>
    </Grid>
  );
}
