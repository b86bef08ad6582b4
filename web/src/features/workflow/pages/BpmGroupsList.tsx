import { useLingui } from '@lingui/react/macro';
import { PERMISSIONS as P, type UserGroupView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { CrudPage } from '../../../components/CrudPage';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { userOptions } from '../assign';
import { ALL_USERS } from './bpmShared';

type GroupRow = UserGroupView & Record<string, unknown>;

/** The model page's Work groups tab: named sets of users a task can be assigned to. */
export function BpmGroupsList() {
  const { t } = useLingui();
  const users = useQuery(ALL_USERS);
  const statuses = useDict('sys_normal_disable');
  const memberOptions = userOptions(users.data ?? []);
  return (
    <CrudPage<GroupRow>
      config={{
        testId: 'bpm-groups',
        listUrl: '/bpm/user-group/list',
        baseUrl: '/bpm/user-group',
        idKey: 'id',
        filters: [{ name: 'name', label: t`Name` }],
        columns: [
          { key: 'name', title: t`Name` },
          { key: 'description', title: t`Description` },
          {
            key: 'members',
            title: t`Members`,
            render: (r) =>
              r.memberUserIds
                .map((id) => memberOptions.find((o) => o.value === String(id))?.label ?? `#${id}`)
                .join(', '),
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
        ],
        form: [
          { name: 'name', label: t`Name`, required: true },
          { name: 'description', label: t`Description`, type: 'textarea' },
          {
            name: 'memberUserIds',
            label: t`Members`,
            type: 'multiselect',
            options: memberOptions,
            required: true,
          },
          { name: 'status', label: t`Status`, type: 'select', options: dictOptions(statuses) },
        ],
        defaults: { status: '0', memberUserIds: [] },
        loadForEdit: async (row) => ({ ...row, memberUserIds: row.memberUserIds.map(String) }),
        toBody: (values) => ({
          ...values,
          memberUserIds: ((values.memberUserIds as string[] | undefined) ?? []).map(Number),
        }),
        permissions: { add: P.bpm.model.edit, edit: P.bpm.model.edit, remove: P.bpm.model.edit },
      }}
    />
  );
}
