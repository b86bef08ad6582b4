import { useLingui } from '@lingui/react/macro';
import { type OperLogView, PERMISSIONS as P } from '@platform/contracts';

import { CrudPage } from '../../../components/CrudPage';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { CleanButton } from '../components/CleanButton';
import { when } from '../format';

/** monitor/operlog/index. */
export function OperLogPage() {
  const { t, i18n } = useLingui();
  const types = dictOptions(useDict('sys_oper_type'));
  const outcome = dictOptions(useDict('sys_common_status'));
  return (
    <CrudPage<OperLogView & Record<string, unknown>>
      config={{
        testId: 'operlog-page',
        listUrl: '/monitor/operlog/list',
        baseUrl: '/monitor/operlog',
        idKey: 'operId',
        filters: [
          { name: 'title', label: t`Module` },
          { name: 'operName', label: t`Operator` },
          { name: 'businessType', label: t`Type`, type: 'select', options: types },
          { name: 'status', label: t`Status`, type: 'select', options: outcome },
        ],
        columns: [
          { key: 'operId', title: t`ID` },
          {
            key: 'title',
            title: t`Module`,
            render: (r) => (i18n.locale === 'en' ? r.titleEn : r.title),
          },
          {
            key: 'businessType',
            title: t`Type`,
            render: (r) => <DictTag type="sys_oper_type" value={r.businessType} />,
          },
          { key: 'operName', title: t`Operator` },
          { key: 'operIp', title: t`IP` },
          { key: 'operUrl', title: t`URL` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_common_status" value={r.status} />,
          },
          { key: 'operTime', title: t`Time`, render: (r) => when(r.operTime) },
          { key: 'costTime', title: t`Duration (ms)` },
        ],
        permissions: { remove: P.monitor.operlog.remove, export: P.monitor.operlog.export },
        exportUrl: '/monitor/operlog/export',
        toolbar: (refresh) => (
          <HasPermi value={P.monitor.operlog.remove}>
            <CleanButton url="/monitor/operlog/clean" refresh={refresh} />
          </HasPermi>
        ),
      }}
    />
  );
}
