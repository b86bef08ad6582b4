import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Box,
  Center,
  Code,
  Group,
  List,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { processKeyProblem, processNameProblem } from '@platform/bpmn';
import { type Language, renderMessage } from '@platform/contracts';
import { useEffect, useRef, useState } from 'react';

import { ConfirmDialog } from '../../components/ConfirmDialog';
import { currentLanguage } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { saveBlob } from '../../lib/request';
import { type ConversionResult, convertDiagram, type DiagramError } from './designer.api';
import {
  type Alignment,
  DesignerToolbar,
  type ExportKind,
  type ToolbarActions,
} from './DesignerToolbar';
import { blankDiagram } from './modeler/blankDiagram';
import type { Modeler } from './modeler/createModeler';
import { type DiagramElement, rootElementOf, service } from './modeler/edit';
import { setSimulation } from './modeler/simulation';
import { useDesignerState } from './modeler/useDesignerState';
import { steppedZoom } from './modeler/zoom';
import { PropertiesPanel } from './panel/PropertiesPanel';

export interface ProcessDesignerProps {
  /** The diagram to edit (BPMN 2.0 XML); a new value is imported. */
  xml: string;
  /** The process key (process id) of a saved process cannot change (spec §5). */
  keyReadOnly?: boolean;
  /** Keys other processes use (duplicate-key check). */
  takenKeys?: readonly string[];
  /** Saves the diagram; resolves with the errors to show, if any. */
  onSave?: (xml: string) => Promise<DiagramError[] | void>;
  /** JSON preview; defaults to POST /wujie/workflow/xmltojson. */
  previewJson?: (xml: string) => Promise<ConversionResult>;
}

interface Preview {
  title: string;
  text: string;
  errors?: DiagramError[];
}

/** The BPMN process designer (spec §2): toolbar, canvas and the properties panel (480 px, §9). */
export function ProcessDesigner(props: ProcessDesignerProps) {
  const { t, i18n } = useLingui();
  const language: Language = i18n.locale === 'en' ? 'en' : 'zh';
  const canvasRef = useRef<HTMLDivElement>(null);
  const [modeler, setModeler] = useState<Modeler | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [pendingAlignment, setPendingAlignment] = useState<Alignment | null>(null);
  const [errors, setErrors] = useState<DiagramError[]>([]);
  const state = useDesignerState(modeler);
  const savedXml = useRef<string | null>(null);
  const languageRef = useRef(language);
  languageRef.current = language;

  // bpmn-js is loaded on first use, so other screens never download it.
  useEffect(() => {
    let disposed = false;
    let created: Modeler | null = null;
    void import('./modeler/createModeler').then(({ createModeler }) => {
      if (disposed || !canvasRef.current) return;
      created = createModeler(canvasRef.current, languageRef.current);
      // Reachable from browser tests and the benchmark through the page.
      (canvasRef.current as HTMLDivElement & { bpmnModeler?: Modeler }).bpmnModeler = created;
      setModeler(created);
    });
    return () => {
      disposed = true;
      created?.destroy();
    };
  }, []);

  useEffect(() => {
    // The diagram just saved comes back as the new xml: it is on the canvas already, and importing
    // it again would lose the selection, the zoom and the undo history.
    if (!modeler || props.xml === savedXml.current) return;
    let stale = false;
    setLoadFailed(false);
    setErrors([]);
    modeler
      .importXML(props.xml)
      .then(() => {
        if (!stale) service<{ zoom(kind: string): void }>(modeler, 'canvas').zoom('fit-viewport');
      })
      .catch((error: unknown) => {
        if (stale) return;
        console.error(error);
        setLoadFailed(true);
        notify('error', t`Failed to read the model, please try again!`);
      });
    return () => {
      stale = true;
    };
    // The diagram is imported again only for a new xml (not when `t` changes with the language).
  }, [modeler, props.xml]);

  useEffect(() => {
    if (!modeler) return;
    void import('./modeler/createModeler').then(({ setLabelLanguage }) =>
      setLabelLanguage(modeler, language),
    );
  }, [modeler, language]);

  const saveXml = async () => (await modeler!.saveXML({ format: true })).xml ?? '';
  const root = () => rootElementOf(modeler!);

  const keyProblem = () => {
    const process = root().businessObject;
    const problem =
      processKeyProblem(process.id ?? '', props.keyReadOnly ? [] : (props.takenKeys ?? [])) ??
      processNameProblem(process.name);
    return problem ? renderMessage(problem, currentLanguage()) : null;
  };

  const actions: ToolbarActions = {
    previewXml: () => void saveXml().then((text) => setPreview({ title: t`XML preview`, text })),
    previewJson: () =>
      void saveXml()
        .then((xml) => (props.previewJson ?? ((w: string) => convertDiagram({ workflow: w })))(xml))
        .then((result) =>
          setPreview(
            result.ok
              ? { title: t`JSON preview`, text: result.json }
              : { title: t`JSON preview`, text: '', errors: result.errors },
          ),
        ),
    align: (alignment) => {
      if (state.selectionCount < 2) {
        notify('warning', t`Hold Shift to select several elements to align`);
        return;
      }
      setPendingAlignment(alignment);
    },
    zoom: (direction) => {
      const canvas = service<{ zoom(scale?: number): number }>(modeler!, 'canvas');
      try {
        canvas.zoom(steppedZoom(canvas.zoom(), direction));
      } catch {
        // The buttons stop at the limits; this is for any other way in.
        notify('warning', t`The zoom stays between 20% and 400%`);
      }
    },
    resetZoom: () => service<{ zoom(kind: string): void }>(modeler!, 'canvas').zoom('fit-viewport'),
    undo: () => service<{ undo(): void }>(modeler!, 'commandStack').undo(),
    redo: () => service<{ redo(): void }>(modeler!, 'commandStack').redo(),
    redraw: () => {
      const process = root().businessObject;
      void importDiagram(
        blankDiagram(language, { id: process.id ?? '', name: process.name ?? '' }),
      );
    },
    save: () => void save(),
    importFile: (file) => void file.text().then(importDiagram),
    exportAs: (kind) => void exportDiagram(kind),
    setSimulation: (on) => setSimulation(modeler!, on),
  };

  /** Puts a diagram (redrawn, or from a file) on the canvas, fitted; one that does not read says so. */
  async function importDiagram(xml: string) {
    try {
      await modeler!.importXML(xml);
      setLoadFailed(false);
      service<{ zoom(kind: string): void }>(modeler!, 'canvas').zoom('fit-viewport');
    } catch (error) {
      console.error(error);
      notify('error', t`Failed to read the model, please try again!`);
    }
  }

  async function save() {
    if (!modeler || !props.onSave) return;
    const problem = keyProblem();
    if (problem) {
      setErrors([{ field: root().id, msg: problem }]);
      notify('warning', problem);
      return;
    }
    setSaving(true);
    try {
      const xml = await saveXml();
      const before = savedXml.current;
      // Set before the page hands the saved diagram back as `xml`.
      savedXml.current = xml;
      const found = (await props.onSave(xml)) ?? [];
      if (found.length > 0) savedXml.current = before;
      setErrors(found);
      if (found.length === 0) notify('success', t`Saved`);
    } catch (error) {
      savedXml.current = null;
      console.error(error);
      notify('error', t`Failed to save the model, please try again!`);
    } finally {
      setSaving(false);
    }
  }

  async function exportDiagram(kind: ExportKind) {
    const name = rootElementOf(modeler!).businessObject.name || 'diagram';
    if (kind === 'svg') {
      const { svg } = await modeler!.saveSVG();
      saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${name}.svg`);
      return;
    }
    const text = await saveXml();
    saveBlob(new Blob([text], { type: 'application/xml' }), `${name}.${kind}`);
  }

  function confirmAlignment() {
    const selected = service<{ get(): DiagramElement[] }>(modeler!, 'selection').get();
    service<{ trigger(elements: DiagramElement[], type: Alignment): void }>(
      modeler!,
      'alignElements',
    ).trigger(selected, pendingAlignment!);
    setPendingAlignment(null);
  }

  function selectElement(id: string) {
    const element = service<{ get(id: string): DiagramElement | undefined }>(
      modeler!,
      'elementRegistry',
    ).get(id);
    if (element)
      service<{ select(e: DiagramElement): void }>(modeler!, 'selection').select(element);
  }

  return (
    <Stack gap="xs" data-testid="process-designer">
      <DesignerToolbar
        ready={!!modeler}
        actions={actions}
        zoom={state.zoom}
        canUndo={state.canUndo}
        canRedo={state.canRedo}
        simulation={state.simulation}
        saving={saving}
        canSave={!!props.onSave && !!modeler}
      />
      {errors.length > 0 && (
        <Alert
          color="red"
          title={t`The diagram has errors`}
          data-testid="designer-errors"
          withCloseButton
          onClose={() => setErrors([])}
        >
          <ErrorList errors={errors} modeler={modeler} onPick={selectElement} />
        </Alert>
      )}
      {loadFailed && (
        <Alert color="red" data-testid="designer-load-failed">
          {t`Failed to read the model, please try again!`}
        </Alert>
      )}
      <Group
        align="stretch"
        gap={0}
        wrap="nowrap"
        style={{ border: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Box
          pos="relative"
          style={{ flex: 1, minWidth: 0, height: 'calc(100vh - 210px)', minHeight: 480 }}
        >
          <div
            ref={canvasRef}
            data-testid="designer-canvas"
            style={{ width: '100%', height: '100%' }}
            tabIndex={0}
          />
          {!modeler && (
            <Center pos="absolute" inset={0}>
              <Loader />
            </Center>
          )}
        </Box>
        <ScrollArea
          w={480}
          h="calc(100vh - 210px)"
          mih={480}
          style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', flex: 'none' }}
        >
          {modeler && state.element ? (
            <PropertiesPanel
              // Remounted per element, so no group keeps the previous element's drafts.
              key={state.element.id}
              modeler={modeler}
              element={state.element}
              revision={state.revision}
              keyReadOnly={!!props.keyReadOnly}
              takenKeys={props.takenKeys ?? []}
            />
          ) : (
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          )}
        </ScrollArea>
      </Group>
      <Modal
        opened={!!preview}
        onClose={() => setPreview(null)}
        title={preview?.title}
        size="xl"
        data-testid="preview-modal"
      >
        {preview?.errors ? (
          <ErrorList errors={preview.errors} modeler={modeler} onPick={selectElement} />
        ) : (
          <Code
            block
            data-testid="preview-text"
            style={{ whiteSpace: 'pre-wrap', maxHeight: '70vh', overflow: 'auto' }}
          >
            {preview?.text}
          </Code>
        )}
      </Modal>
      <ConfirmDialog
        opened={!!pendingAlignment}
        message={t`Align the selected elements?`}
        onConfirm={confirmAlignment}
        onCancel={() => setPendingAlignment(null)}
      />
    </Stack>
  );
}

/** Errors naming their element: "name (id): message", a click selects the element. */
function ErrorList(props: {
  errors: DiagramError[];
  modeler: Modeler | null;
  onPick(id: string): void;
}) {
  const registry = props.modeler
    ? service<{ get(id: string): DiagramElement | undefined }>(props.modeler, 'elementRegistry')
    : null;
  return (
    <List size="sm" data-testid="error-list">
      {props.errors.map((error, index) => {
        const element = error.field ? registry?.get(error.field) : undefined;
        const name = element?.businessObject.name;
        const where = error.field ? (name ? `${name} (${error.field})` : error.field) : '';
        return (
          <List.Item key={index} data-testid="error-item">
            <Text
              size="sm"
              component="span"
              style={{ cursor: element ? 'pointer' : undefined }}
              onClick={() => element && props.onPick(error.field)}
            >
              {where ? `${where}: ${error.msg}` : error.msg}
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
