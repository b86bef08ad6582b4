import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { PERMISSIONS as P, type UserView } from '@platform/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Column, Field } from '../components/CrudPage';
import { hasPermi, useActor } from '../lib/auth';
import { requestData } from '../lib/request';

// Rows that belong to users (conversations, missions) name their owner from the console's user list
// when the reader may read it, and filter by owner with a searchable select; otherwise by id.

export type SimpleUser = Pick<UserView, 'userId' | 'userName' | 'nickName'>;

/** Every user (at most 2000) for naming owners and the owner filter. */
export const simpleUsersQuery = () =>
  queryOptions({
    queryKey: ['system', 'users', 'simple'],
    queryFn: () => requestData<SimpleUser[]>('/system/user/list-all-simple'),
    staleTime: 60_000,
  });

/** `nick (user)` or `#id` when the user is not known to the reader. */
export function ownerLabel(users: readonly SimpleUser[] | undefined, id: number): string {
  const user = users?.find((u) => u.userId === id);
  if (!user) return `#${id}`;
  return user.nickName && user.nickName !== user.userName
    ? `${user.nickName} (${user.userName})`
    : user.userName;
}

/**
 * The owners of a page that lists several users' rows (`enabled`): `label` names one ("Me" for the
 * reader), `column` is the owner's column and `filter` the owner filter (both `ownerUserId`). The
 * user list is asked for only when the page lists others' rows and the reader holds system:user:list.
 */
export function useOwners(enabled: boolean): {
  label: (id: number) => string;
  column: Column<{ ownerUserId: number }>;
  filter: Field;
} {
  const { t } = useLingui();
  const actor = useActor();
  const users = useQuery({
    ...simpleUsersQuery(),
    enabled: enabled && hasPermi(actor.permissions, P.system.user.list),
  });
  const label = (id: number) => (id === actor.userId ? t`Me` : ownerLabel(users.data, id));
  const known = users.data;
  const filter: Field = known
    ? {
        name: 'ownerUserId',
        label: t`Owner`,
        type: 'custom',
        render: (value, onChange) => (
          <Select
            label={t`Owner`}
            searchable
            clearable
            data={known.map((u) => ({
              value: String(u.userId),
              label: ownerLabel(known, u.userId),
            }))}
            value={value === undefined || value === null ? null : String(value)}
            onChange={(v) => onChange(v ? Number(v) : undefined)}
            data-testid="field-ownerUserId"
          />
        ),
      }
    : { name: 'ownerUserId', label: t`Owner id`, type: 'number' };
  const column = {
    key: 'ownerUserId',
    title: t`Owner`,
    render: (row: { ownerUserId: number }) => label(row.ownerUserId),
  };
  return { label, column, filter };
}
