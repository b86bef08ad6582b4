import { useLingui } from '@lingui/react/macro';
import { type LoginLogView, PERMISSIONS as P } from '@platform/contracts';
import { IconLockOpen } from '@tabler/icons-react';

import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { fetchData } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import { CleanButton } from '../components/CleanButton';
import { when } from '../format';

/** monitor/logininfor/index (unlock a locked account from here). */
export function LoginLogPage() {
  const { t } = useLingui();
  const outcome = dictOptions(useDict('sys_common_status'));
  return (
    <CrudPage<LoginLogView & Record<string, unknown>>
      config={{
        testId: 'logininfor-page',
        listUrl: '/monitor/logininfor/list',
        baseUrl: '/monitor/logininfor',
        idKey: 'infoId',
        filters: [
          { name: 'userName', label: t`Account` },
          { name: 'ipaddr', label: t`IP` },
          { name: 'status', label: t`Status`, type: 'select', options: outcome },
        ],
        columns: [
          { key: 'infoId', title: t`ID` },
          { key: 'userName', title: t`Account` },
          { key: 'ipaddr', title: t`IP` },
          { key: 'browser', title: t`Browser` },
          { key: 'os', title: t`OS` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_common_status" value={r.status} />,
          },
          { key: 'msg', title: t`Message` },
          { key: 'loginTime', title: t`Time`, render: (r) => when(r.loginTime) },
        ],
        permissions: { remove: P.monitor.logininfor.remove, export: P.monitor.logininfor.export },
        exportUrl: '/monitor/logininfor/export',
        rowActions: (row) => (
          <HasPermi value={P.monitor.logininfor.unlock}>
            <IconButton
              label={t`Unlock account`}
              variant="subtle"
              data-testid="unlock"
              onClick={async () => {
                await fetchData(`/monitor/logininfor/unlock/${encodeURIComponent(row.userName)}`);
                notify('success', t`Account unlocked`);
              }}
            >
              <IconLockOpen size={16} />
            </IconButton>
          </HasPermi>
        ),
        toolbar: (refresh) => (
          <HasPermi value={P.monitor.logininfor.remove}>
            <CleanButton url="/monitor/logininfor/clean" refresh={refresh} />
          </HasPermi>
        ),
      }}
    />
  );
}
