import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { BpmModelView, WorkflowView } from '@platform/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';

import { currentLanguage } from '../../lib/i18n';
import type { PageProps } from '../../lib/page-props';
import {
  convertDiagram,
  type DiagramError,
  errorsOf,
  fetchModel,
  fetchWorkflow,
  saveModelDiagram,
  saveWorkflowDiagram,
  takenProcessKeys,
} from './designer.api';
import { blankDiagram } from './modeler/blankDiagram';
import { ProcessDesigner } from './ProcessDesigner';

type Target = { kind: 'workflow'; id: string } | { kind: 'model'; id: string } | { kind: 'new' };

function targetOf(search: Record<string, unknown>): Target {
  const id = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  if (id(search.workflowId)) return { kind: 'workflow', id: id(search.workflowId) };
  if (id(search.modelId)) return { kind: 'model', id: id(search.modelId) };
  return { kind: 'new' };
}

interface Loaded {
  xml: string;
  /** The process key that may not change, if the process was saved with one. */
  fixedKey: string | null;
  workflow?: WorkflowView;
  model?: BpmModelView;
}

async function load(target: Target): Promise<Loaded> {
  const lang = currentLanguage();
  if (target.kind === 'workflow') {
    const workflow = await fetchWorkflow(target.id);
    const xml = workflow.workflow?.trim() ? workflow.workflow : blankDiagram(lang);
    return { xml, fixedKey: workflow.processKey, workflow };
  }
  if (target.kind === 'model') {
    const model = await fetchModel(target.id);
    const xml = model.bpmnXml?.trim()
      ? model.bpmnXml
      : blankDiagram(lang, { id: model.key, name: model.name });
    return { xml, fixedKey: model.key, model };
  }
  return { xml: blankDiagram(lang), fixedKey: null };
}

/** Key and name of the diagram's process, read from its XML. */
function processOf(xml: string): { key: string; name: string } {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const process = [...doc.getElementsByTagNameNS('*', 'process')][0];
  return { key: process?.getAttribute('id') ?? '', name: process?.getAttribute('name') ?? '' };
}

/**
 * /bpm/manager/model/design: `?workflowId=` edits a workflow's flowchart, `?modelId=` a process
 * model's diagram; without either a new diagram, saved as a new process model.
 */
export function DesignerPage(_props: PageProps) {
  const { t } = useLingui();
  const search = useSearch({ strict: false });
  const router = useRouter();
  const queryClient = useQueryClient();
  const target = targetOf(search);
  const queryKey = ['designer', target];
  // Kept while the designer is open (a save hands the saved diagram back through it, and it must not
  // be imported again behind the user's back), and dropped when it closes: a later visit reads the
  // diagram afresh, as a version restore or another editor may have changed it.
  const loaded = useQuery({
    queryKey,
    queryFn: () => load(target),
    staleTime: Infinity,
    gcTime: 0,
  });
  const taken = useQuery({ queryKey: ['designer', 'keys'], queryFn: takenProcessKeys });

  if (loaded.isPending) {
    return (
      <Center py={80} data-testid="designer-loading">
        <Loader />
      </Center>
    );
  }
  if (loaded.isError) {
    return (
      <Stack align="center" py={80} data-testid="designer-error">
        <Alert color="red">{t`Failed to read the model, please try again!`}</Alert>
        <Button variant="default" onClick={() => void loaded.refetch()}>
          {t`Retry`}
        </Button>
      </Stack>
    );
  }
  const data = loaded.data;
  const takenKeys = (taken.data ?? []).filter((key) => key !== data.fixedKey);

  async function save(xml: string): Promise<DiagramError[]> {
    if (data.workflow) {
      const check = await convertDiagram({ workflow: xml });
      if (!check.ok) return check.errors;
    }
    try {
      if (data.workflow) {
        const saved = await saveWorkflowDiagram(data.workflow.id, xml);
        queryClient.setQueryData<Loaded>(queryKey, {
          ...data,
          xml: saved.workflow,
          fixedKey: saved.processKey,
          workflow: saved,
        });
        return [];
      }
      const { key, name } = processOf(xml);
      const model = data.model;
      const saved = await saveModelDiagram(
        model
          ? { ...model, name: name || model.name }
          : { key, name: name || key, description: '', category: '', formId: null },
        xml,
      );
      void queryClient.invalidateQueries({ queryKey: ['designer', 'keys'] });
      if (!model) {
        // The designer says "Saved"; the address now names the model (replaced: Back must not
        // return to a blank diagram).
        router.history.replace(`/bpm/manager/model/design?modelId=${saved.id}`);
      } else {
        queryClient.setQueryData<Loaded>(queryKey, { ...data, xml: saved.bpmnXml, model: saved });
      }
      return [];
    } catch (error) {
      return errorsOf(error);
    }
  }

  return (
    <Stack gap="xs" data-testid="designer-page">
      {data.workflow && (
        <Text size="sm" fw={500} data-testid="designer-title">
          {data.workflow.name}
        </Text>
      )}
      <ProcessDesigner
        xml={data.xml}
        keyReadOnly={!!data.fixedKey}
        takenKeys={takenKeys}
        onSave={save}
        previewJson={
          data.workflow
            ? (xml) =>
                convertDiagram({
                  workflow: xml,
                  name: data.workflow!.name,
                  description: data.workflow!.description,
                  agentIds: data.workflow!.agentIds,
                })
            : undefined
        }
      />
    </Stack>
  );
}
