import { Trans, useLingui } from '@lingui/react/macro';
import { Modal, Tabs, Text } from '@mantine/core';
import { type BpmModelSummaryView, PERMISSIONS as P } from '@platform/contracts';
import { IconEye, IconHierarchy2, IconRocket, IconUsers } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { LoadState } from '../../../components/LoadState';
import { HasPermi } from '../../../components/Permission';
import { notify } from '../../../lib/notify';
import { ProcessViewer } from '../viewer/ProcessViewer';
import { bpmApi } from '../workflow.api';
import { BpmFormsList } from './BpmFormsList';
import { BpmGroupsList } from './BpmGroupsList';
import { BpmRulesEditor } from './BpmRulesEditor';
import { formatTime, useNamedOptions } from './common';

type ModelRow = BpmModelSummaryView & Record<string, unknown>;

export const modelDesignerPath = (modelId: number) =>
  `/bpm/manager/model/design?modelId=${modelId}`;

const MODEL_PAGE_TABS = ['models', 'forms', 'groups'] as const;

/**
 * /bpm/manager/model (menu bpm/manager/model/index; `?tab=` opens one tab): process models, their
 * forms and work groups.
 */
export function BpmModelPage() {
  const { t } = useLingui();
  const search = useSearch({ strict: false }) as { tab?: string };
  const tab = MODEL_PAGE_TABS.find((name) => name === search.tab) ?? 'models';
  return (
    <Tabs key={tab} defaultValue={tab} keepMounted={false} data-testid="bpm-model-page">
      <Tabs.List mb="md">
        <Tabs.Tab value="models" data-testid="tab-models">
          {t`Process models`}
        </Tabs.Tab>
        <HasPermi value={[P.bpm.form.edit, P.bpm.model.list]}>
          <Tabs.Tab value="forms" data-testid="tab-forms">
            {t`Forms`}
          </Tabs.Tab>
        </HasPermi>
        <Tabs.Tab value="groups" data-testid="tab-groups">
          {t`Work groups`}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="models">
        <ModelsList />
      </Tabs.Panel>
      <Tabs.Panel value="forms">
        <BpmFormsList />
      </Tabs.Panel>
      <Tabs.Panel value="groups">
        <BpmGroupsList />
      </Tabs.Panel>
    </Tabs>
  );
}

function ModelsList() {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const forms = useNamedOptions('bpm-forms', bpmApi.formsSimple);
  const [rulesOf, setRulesOf] = useState<ModelRow | null>(null);
  const [previewOf, setPreviewOf] = useState<ModelRow | null>(null);
  return (
    <>
      <CrudPage<ModelRow>
        config={{
          testId: 'bpm-models',
          listUrl: '/bpm/model/list',
          baseUrl: '/bpm/model',
          idKey: 'id',
          filters: [
            { name: 'name', label: t`Name` },
            { name: 'key', label: t`Key` },
            { name: 'category', label: t`Category` },
          ],
          columns: [
            { key: 'key', title: t`Key` },
            { key: 'name', title: t`Name` },
            { key: 'category', title: t`Category` },
            {
              key: 'formId',
              title: t`Form`,
              render: (r) => forms.options.find((o) => o.value === String(r.formId))?.label ?? '',
            },
            {
              key: 'processDefinitionVersion',
              title: t`Deployed`,
              render: (r) =>
                r.processDefinitionVersion === null
                  ? t`Not deployed`
                  : t`Version ${r.processDefinitionVersion} · ${formatTime(r.deployTime)}`,
            },
            { key: 'updateTime', title: t`Updated`, render: (r) => formatTime(r.updateTime) },
          ],
          form: [
            { name: 'key', label: t`Key`, required: true, onlyNew: true },
            { name: 'name', label: t`Name`, required: true },
            { name: 'category', label: t`Category` },
            { name: 'formId', label: t`Form`, type: 'select', options: forms.options },
            { name: 'description', label: t`Description`, type: 'textarea' },
          ],
          loadForEdit: async (row) => {
            const model = await bpmApi.model(row.id);
            return { ...model, formId: model.formId === null ? undefined : String(model.formId) };
          },
          toBody: (values) => ({
            ...values,
            formId: values.formId ? Number(values.formId) : null,
          }),
          permissions: {
            add: P.bpm.model.edit,
            edit: P.bpm.model.edit,
            remove: P.bpm.model.edit,
          },
          rowActions: (row) => (
            <>
              <HasPermi value={P.bpm.model.design}>
                <IconButton
                  label={t`Design flowchart`}
                  variant="subtle"
                  data-testid="design"
                  onClick={() => router.history.push(modelDesignerPath(row.id))}
                >
                  <IconHierarchy2 size={16} />
                </IconButton>
              </HasPermi>
              <IconButton
                label={t`Preview`}
                variant="subtle"
                data-testid="preview"
                onClick={() => setPreviewOf(row)}
              >
                <IconEye size={16} />
              </IconButton>
              <IconButton
                label={t`Task assignment rules`}
                variant="subtle"
                data-testid="rules"
                onClick={() => setRulesOf(row)}
              >
                <IconUsers size={16} />
              </IconButton>
              <HasPermi value={P.bpm.model.edit}>
                <ConfirmButton
                  icon={<IconRocket size={16} />}
                  label={t`Deploy to the process engine`}
                  message={t`Deploy the current flowchart of "${row.name}" to the process engine?`}
                  testId="deploy"
                  color="blue"
                  onConfirm={async () => {
                    const model = await bpmApi.deploy(row.id);
                    notify('success', t`Deployed as version ${model.processDefinitionVersion}`);
                    await queryClient.invalidateQueries({ queryKey: ['bpm-models'] });
                  }}
                />
              </HasPermi>
            </>
          ),
        }}
      />
      <Modal
        opened={rulesOf !== null}
        onClose={() => setRulesOf(null)}
        title={rulesOf ? t`Task assignment rules: ${rulesOf.name}` : ''}
        size="xl"
      >
        {rulesOf ? <BpmRulesEditor modelId={rulesOf.id} /> : null}
      </Modal>
      <Modal
        opened={previewOf !== null}
        onClose={() => setPreviewOf(null)}
        title={previewOf?.name}
        size="xl"
      >
        {previewOf ? <ModelPreview modelId={previewOf.id} /> : null}
      </Modal>
    </>
  );
}

function ModelPreview({ modelId }: { modelId: number }) {
  const model = useQuery({
    queryKey: ['bpm-model', modelId],
    queryFn: () => bpmApi.model(modelId),
  });
  return (
    <LoadState loading={model.isLoading} error={model.error} onRetry={() => void model.refetch()}>
      {model.data?.bpmnXml.trim() ? (
        <ProcessViewer xml={model.data.bpmnXml} height={420} />
      ) : (
        <Text c="dimmed" data-testid="model-no-diagram">
          <Trans>This model has no flowchart yet.</Trans>
        </Text>
      )}
    </LoadState>
  );
}
