import { useLingui } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { PERMISSIONS as P, type WorkflowSummaryView } from '@platform/contracts';
import { IconCopy, IconHierarchy2, IconVersions } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

import { AppLink } from '../../../components/AppLink';
import { CrudPage } from '../../../components/CrudPage';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { notify } from '../../../lib/notify';
import { workflowApi } from '../workflow.api';
import {
  AddButton,
  designerPath,
  EditRowAction,
  formatTime,
  RowAction,
  TagBadges,
  tagFilter,
} from './common';

type Row = WorkflowSummaryView & Record<string, unknown>;

/** wujie/workflow/index: workflows with their development status, tags and current version. */
export function WorkflowsPage() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const statuses = useDict('workflow_status');
  const tags = useQuery({ queryKey: ['workflow-tags'], queryFn: workflowApi.allTags });
  return (
    <CrudPage<Row>
      config={{
        testId: 'workflows-page',
        listUrl: '/wujie/workflow/list',
        baseUrl: '/wujie/workflow',
        idKey: 'id',
        filters: [
          { name: 'name', label: t`Name` },
          { name: 'processKey', label: t`Process key` },
          { name: 'status', label: t`Status`, type: 'select', options: dictOptions(statuses) },
          tagFilter(t`Tag`, tags.data),
        ],
        columns: [
          {
            key: 'name',
            title: t`Name`,
            render: (r) => (
              <Anchor component={AppLink} to={`/bpm/info?id=${r.id}`} data-testid="workflow-name">
                {r.name}
              </Anchor>
            ),
          },
          {
            key: 'description',
            title: t`Description`,
            render: (r) => (i18n.locale === 'en' && r.descriptionEn) || r.description,
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="workflow_status" value={r.status} />,
          },
          {
            key: 'tags',
            title: t`Tags`,
            render: (r) => <TagBadges tags={r.tags} />,
          },
          { key: 'version', title: t`Version`, render: (r) => `v${r.version}` },
          { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
        ],
        permissions: { remove: P.wujie.workflow.remove },
        toolbar: () => <AddButton permission={P.wujie.workflow.add} to="/bpm/info" />,
        rowActions: (row, refresh) => (
          <>
            <EditRowAction permission={P.wujie.workflow.edit} to={`/bpm/info?id=${row.id}`} />
            <RowAction
              permission={P.wujie.workflow.query}
              label={t`Versions`}
              testId="versions"
              onClick={() => router.history.push(`/bpm/info?id=${row.id}&tab=versions`)}
            >
              <IconVersions size={16} />
            </RowAction>
            <RowAction
              permission={P.wujie.workflow.edit}
              label={t`Design flowchart`}
              testId="design"
              onClick={() => router.history.push(designerPath(row.id))}
            >
              <IconHierarchy2 size={16} />
            </RowAction>
            <RowAction
              permission={P.wujie.workflow.add}
              label={t`Copy`}
              testId="copy"
              onClick={async () => {
                const copy = await workflowApi.copy(row.id);
                notify('success', t`Copied as ${copy.name}`);
                refresh();
                void tags.refetch();
              }}
            >
              <IconCopy size={16} />
            </RowAction>
          </>
        ),
      }}
    />
  );
}
