import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './viewer.css';

import { useLingui } from '@lingui/react/macro';
import { Group, LoadingOverlay } from '@mantine/core';
import type { Language } from '@platform/contracts';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import type NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import camundaModdle from 'camunda-bpmn-moddle/resources/camunda.json';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';

import { IconButton } from '../../../components/IconButton';
import { documentationText, labelOf, languageLabelsModule, setLabelLanguage } from '../../bpmn';
import { type ActivityMark, computeMarkers, isShowable, type Marker } from './markers';

// The read-only process viewer (spec §2 "Process viewer screen", §3 Viewer input): bpmn-js's
// NavigatedViewer, loaded with this component's chunk only, with labels in the interface language,
// markers from activity data, zoom buttons, pan by mouse or one finger, and a show event for agents
// and branches.

export const ZOOM_IN_FACTOR = 1.1;
export const ZOOM_OUT_FACTOR = 0.9;
// Label text (spec §9): 12 px font on 14 px lines. Labels inside tasks wrap at the task's width (100
// for a standard task); bpmn-js wraps labels beside events and gateways at its own 90.
const FONT_SIZE = 12;
const LINE_HEIGHT = 14;

/** What a click on an agent or branch reports. */
export interface ShownElement {
  id: string;
  type: string;
  /** The name as the diagram holds it, and the label shown in the current language. */
  name: string;
  label: string;
  /** The documentation: an agent or branch descriptor as JSON. */
  documentation: string;
  marker: Marker | null;
  /** Entries of taskData whose taskDefinitionKey is this node. */
  tasks: unknown[];
  missionId: number;
}

export interface ProcessViewerProps {
  missionId?: number;
  xml: string;
  /** Namespace prefix of the engine extensions in the XML (spec §9: camunda). */
  prefix?: string;
  activityData?: ActivityMark[];
  processInstanceData?: unknown;
  taskData?: unknown[];
  onShow?: (element: ShownElement) => void;
  height?: number | string;
}

interface BusinessObject {
  id: string;
  name?: string;
  $type: string;
  $attrs?: Record<string, unknown>;
  documentation?: { text?: string }[];
}

interface DiagramElement {
  id: string;
  type: string;
  businessObject: BusinessObject;
  label?: DiagramElement;
  labelTarget?: DiagramElement;
  waypoints?: unknown;
}

interface Canvas {
  zoom(level?: number | 'fit-viewport', center?: 'auto'): number;
  resized(): void;
  scroll(delta: { dx: number; dy: number }): void;
  addMarker(id: string, marker: string): void;
}

function applyMarkers(viewer: NavigatedViewer, activityData?: ActivityMark[]): Map<string, Marker> {
  const registry = viewer.get<{ getAll(): DiagramElement[] }>('elementRegistry');
  const canvas = viewer.get<Canvas>('canvas');
  const nodes = registry
    .getAll()
    .filter((element) => !element.labelTarget && element.businessObject)
    .map((element) => ({ id: element.id, attrs: element.businessObject.$attrs }));
  const markers = computeMarkers(nodes, activityData);
  for (const [id, marker] of markers) canvas.addMarker(id, marker);
  return markers;
}

const tasksOf = (taskData: unknown[] | undefined, id: string) =>
  (taskData ?? []).filter(
    (task) => (task as { taskDefinitionKey?: string } | null)?.taskDefinitionKey === id,
  );

export function ProcessViewer({
  missionId = 0,
  xml,
  prefix = 'camunda',
  activityData,
  processInstanceData,
  taskData,
  onShow,
  height = 480,
}: ProcessViewerProps) {
  const { t, i18n } = useLingui();
  const lang: Language = i18n.locale === 'en' ? 'en' : 'zh';
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<NavigatedViewer | null>(null);
  const viewerPrefix = useRef(prefix);
  const markers = useRef(new Map<string, Marker>());
  const showRef = useRef(onShow);
  showRef.current = onShow;
  const [checkedLanguage, setCheckedLanguage] = useState<Language | null>(null);
  const [zoom, setZoom] = useState(1);
  const touch = useRef<{ id: number; x: number; y: number } | null>(null);
  // New data, not a new array of the same data, redraws the diagram.
  const dataKey = JSON.stringify([activityData ?? [], processInstanceData ?? null, taskData ?? []]);
  const latest = useRef({ activityData, taskData, missionId, lang });
  latest.current = { activityData, taskData, missionId, lang };

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // The engine extensions are fixed when a viewer is made: another prefix needs a new one.
      if (viewer.current && viewerPrefix.current !== prefix) {
        viewer.current.destroy();
        viewer.current = null;
      }
      if (!viewer.current) {
        const { default: Viewer } = await import('bpmn-js/lib/NavigatedViewer');
        if (cancelled || !host.current) return;
        viewerPrefix.current = prefix;
        viewer.current = new Viewer({
          container: host.current,
          moddleExtensions: prefix === 'camunda' ? { camunda: camundaModdle } : {},
          // Labels in the user's language are drawn, never written into the diagram (as in the designer).
          additionalModules: [languageLabelsModule],
          textRenderer: {
            defaultStyle: { fontSize: FONT_SIZE, lineHeight: LINE_HEIGHT / FONT_SIZE },
            externalStyle: { fontSize: FONT_SIZE, lineHeight: LINE_HEIGHT / FONT_SIZE },
          },
        });
        viewer.current.on('element.click', (event: { element: DiagramElement }) => {
          const element = event.element.labelTarget ?? event.element;
          const bo = element.businessObject;
          if (!bo || !isShowable(bo.$type)) return;
          showRef.current?.({
            id: element.id,
            type: bo.$type,
            name: bo.name ?? '',
            label: labelOf(bo, latest.current.lang),
            documentation: documentationText(bo),
            marker: markers.current.get(element.id) ?? null,
            tasks: tasksOf(latest.current.taskData, element.id),
            missionId: latest.current.missionId,
          });
        });
      }
      const current = viewer.current;
      try {
        setLabelLanguage(current, lang);
        await current.importXML(xml);
        if (cancelled) return;
        markers.current = applyMarkers(current, latest.current.activityData);
        setZoom(current.get<Canvas>('canvas').zoom('fit-viewport', 'auto'));
      } catch (error) {
        // Spec §8: a diagram that does not import is logged only.
        console.error('process viewer: import failed', error);
      } finally {
        if (!cancelled) setCheckedLanguage(lang);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [xml, prefix, lang, dataKey]);

  useEffect(() => {
    // A side panel opening beside the viewer narrows it: the canvas must measure itself again.
    const observer = new ResizeObserver(() => viewer.current?.get<Canvas>('canvas').resized());
    if (host.current) observer.observe(host.current);
    return () => {
      observer.disconnect();
      viewer.current?.destroy();
      viewer.current = null;
    };
  }, []);

  const zoomBy = (factor: number) => {
    const canvas = viewer.current?.get<Canvas>('canvas');
    if (canvas) setZoom(canvas.zoom(canvas.zoom() * factor));
  };
  const fit = () => {
    const canvas = viewer.current?.get<Canvas>('canvas');
    if (canvas) setZoom(canvas.zoom('fit-viewport', 'auto'));
  };

  // The mouse pans through bpmn-js's own move-canvas; one finger pans here.
  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType !== 'touch' || !event.isPrimary) return;
    touch.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const last = touch.current;
    if (!last || last.id !== event.pointerId) return;
    viewer.current
      ?.get<Canvas>('canvas')
      .scroll({ dx: event.clientX - last.x, dy: event.clientY - last.y });
    touch.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
  };
  const endTouch = () => {
    touch.current = null;
  };

  return (
    <div
      className="process-viewer"
      style={{ position: 'relative', height }}
      data-testid="process-viewer"
      data-mission-id={missionId}
      data-zoom={zoom.toFixed(3)}
      data-language={checkedLanguage ?? ''}
    >
      <LoadingOverlay visible={checkedLanguage === null} data-testid="viewer-loading" />
      <div
        ref={host}
        className="viewer-canvas"
        style={{ position: 'absolute', inset: 0 }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endTouch}
        onPointerCancel={endTouch}
      />
      <Group gap={4} style={{ position: 'absolute', right: 8, top: 8, zIndex: 2 }}>
        <IconButton
          label={t`Zoom in`}
          variant="default"
          data-testid="viewer-zoom-in"
          onClick={() => zoomBy(ZOOM_IN_FACTOR)}
        >
          <IconZoomIn size={16} />
        </IconButton>
        <IconButton
          label={t`Zoom out`}
          variant="default"
          data-testid="viewer-zoom-out"
          onClick={() => zoomBy(ZOOM_OUT_FACTOR)}
        >
          <IconZoomOut size={16} />
        </IconButton>
        <IconButton label={t`Fit to view`} variant="default" data-testid="viewer-fit" onClick={fit}>
          <IconZoomReset size={16} />
        </IconButton>
      </Group>
    </div>
  );
}
