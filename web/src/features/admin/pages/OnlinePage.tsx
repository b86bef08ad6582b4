import { useLingui } from '@lingui/react/macro';
import { type OnlineView, PERMISSIONS as P } from '@platform/contracts';
import { IconPower } from '@tabler/icons-react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { CrudPage } from '../../../components/CrudPage';
import { HasPermi } from '../../../components/Permission';
import { deleteEntity } from '../../../lib/crud.api';
import { when } from '../format';

/** monitor/online/index. */
export function OnlinePage() {
  const { t } = useLingui();
  return (
    <CrudPage<OnlineView & Record<string, unknown>>
      config={{
        testId: 'online-page',
        listUrl: '/monitor/online/list',
        idKey: 'tokenId',
        filters: [
          { name: 'ipaddr', label: t`IP` },
          { name: 'userName', label: t`Account` },
        ],
        columns: [
          { key: 'userName', title: t`Account` },
          { key: 'deptName', title: t`Department` },
          { key: 'ipaddr', title: t`IP` },
          { key: 'browser', title: t`Browser` },
          { key: 'os', title: t`OS` },
          { key: 'loginTime', title: t`Signed in`, render: (r) => when(r.loginTime) },
        ],
        permissions: {},
        rowActions: (row, refresh) => (
          <HasPermi value={P.monitor.online.forceLogout}>
            <ConfirmButton
              icon={<IconPower size={16} />}
              label={t`Force logout`}
              testId="force-logout"
              message={t`Sign ${row.userName} out now?`}
              onConfirm={async () => {
                await deleteEntity(`/monitor/online/${row.tokenId}`);
                refresh();
              }}
            />
          </HasPermi>
        ),
      }}
    />
  );
}
