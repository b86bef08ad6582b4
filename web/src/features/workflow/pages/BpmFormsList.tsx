import { useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { type BpmFormView, PERMISSIONS as P } from '@platform/contracts';

import { AppLink } from '../../../components/AppLink';
import { CrudPage } from '../../../components/CrudPage';
import { DictTag } from '../../../hooks/useDict';
import { AddButton, EditRowAction, formatTime } from './common';

type FormRow = BpmFormView & Record<string, unknown>;

/** The model page's Forms tab: process forms, each opened in the form editor. */
export function BpmFormsList() {
  const { t } = useLingui();
  return (
    <CrudPage<FormRow>
      config={{
        testId: 'bpm-forms',
        listUrl: '/bpm/form/list',
        baseUrl: '/bpm/form',
        idKey: 'id',
        filters: [{ name: 'name', label: t`Name` }],
        columns: [
          {
            key: 'name',
            title: t`Name`,
            render: (r) => (
              <Anchor component={AppLink} to={`/bpm/manager/form/edit?id=${r.id}`}>
                {r.name}
              </Anchor>
            ),
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          { key: 'remark', title: t`Remark` },
          { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
        ],
        permissions: { remove: P.bpm.form.edit },
        toolbar: () => <AddButton permission={P.bpm.form.edit} to="/bpm/manager/form/edit" />,
        rowActions: (row) => (
          <EditRowAction permission={P.bpm.form.edit} to={`/bpm/manager/form/edit?id=${row.id}`} />
        ),
      }}
    />
  );
}
