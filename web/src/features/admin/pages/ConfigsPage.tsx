import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { type ConfigView, PERMISSIONS as P } from '@platform/contracts';

import { CrudPage } from '../../../components/CrudPage';
import { HasPermi } from '../../../components/Permission';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { deleteEntity } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';

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
