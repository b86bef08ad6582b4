import { useLingui } from '@lingui/react/macro';
import { Badge, Button, FileButton, Group, Menu, Switch } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCode,
  IconDeviceFloppy,
  IconDownload,
  IconEye,
  IconLayoutAlignBottom,
  IconLayoutAlignCenter,
  IconLayoutAlignLeft,
  IconLayoutAlignMiddle,
  IconLayoutAlignRight,
  IconLayoutAlignTop,
  IconRefresh,
  IconUpload,
  IconZoomIn,
  IconZoomOut,
  IconZoomReset,
} from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';

import { IconButton } from '../../components/IconButton';
import { canZoom } from './modeler/zoom';

export type Alignment = 'left' | 'right' | 'top' | 'bottom' | 'center' | 'middle';
export type ExportKind = 'xml' | 'bpmn' | 'svg';

export interface ToolbarActions {
  previewXml(): void;
  previewJson(): void;
  align(alignment: Alignment): void;
  zoom(direction: 1 | -1): void;
  resetZoom(): void;
  undo(): void;
  redo(): void;
  redraw(): void;
  save(): void;
  importFile(file: File): void;
  exportAs(kind: ExportKind): void;
  setSimulation(on: boolean): void;
}

function Tool(props: {
  label: string;
  testId: string;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <IconButton
      label={props.label}
      variant="default"
      size="lg"

      data-testid={props.testId}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </IconButton>
  );
}

interface MenuAction {
  label: string;
  testId: string;
  icon?: ReactNode;
  onClick: () => void;
}

/** A toolbar button opening a menu of actions (downloads, previews). */
function MenuButton(props: {
  label: string;
  icon: ReactNode;
  testId: string;
  items: MenuAction[];
}) {
  return (
    <Menu withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={props.icon} data-testid={props.testId}>
          {props.label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {props.items.map((item) => (
          <Menu.Item
            key={item.testId}
            leftSection={item.icon}
            data-testid={item.testId}
            onClick={item.onClick}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The toolbar of spec §2 "Process designer screen". */
export function DesignerToolbar(props: {
  /** False until bpmn-js has loaded: every control is disabled (they act on the modeler). */
  ready: boolean;
  actions: ToolbarActions;
  zoom: number;
  canUndo: boolean;
  canRedo: boolean;
  /** Token simulation is on: the diagram is read-only, so save, align, undo and redo are off. */
  simulation: boolean;
  saving: boolean;
  canSave: boolean;
}) {
  const { t } = useLingui();
  const { actions, zoom } = props;
  const resetFile = useRef<() => void>(null);
  const alignments: { value: Alignment; label: string; icon: ReactNode }[] = [
    { value: 'left', label: t`Align left`, icon: <IconLayoutAlignLeft size={18} /> },
    { value: 'right', label: t`Align right`, icon: <IconLayoutAlignRight size={18} /> },
    { value: 'top', label: t`Align top`, icon: <IconLayoutAlignTop size={18} /> },
    { value: 'bottom', label: t`Align bottom`, icon: <IconLayoutAlignBottom size={18} /> },
    { value: 'center', label: t`Align centre`, icon: <IconLayoutAlignCenter size={18} /> },
    { value: 'middle', label: t`Align middle`, icon: <IconLayoutAlignMiddle size={18} /> },
  ];
  return (
    // A disabled fieldset disables every control inside it at once, natively.
    <fieldset disabled={!props.ready} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Group gap="xs" wrap="wrap" data-testid="designer-toolbar">
        <FileButton
          resetRef={resetFile}
          onChange={(file) => {
            if (file) actions.importFile(file);
            resetFile.current?.(); // the same file may be opened again
          }}
          accept=".xml,.bpmn"
        >
          {(fileProps) => (
            <Button
              {...fileProps}
              variant="default"
              size="xs"
              leftSection={<IconUpload size={16} />}
              data-testid="import-file"
            >
              {t`Open file`}
            </Button>
          )}
        </FileButton>
        <MenuButton
          label={t`Download`}
          icon={<IconDownload size={16} />}
          testId="export"
          items={[
            {
              label: t`Download as XML`,
              testId: 'export-xml',
              onClick: () => actions.exportAs('xml'),
            },
            {
              label: t`Download as BPMN`,
              testId: 'export-bpmn',
              onClick: () => actions.exportAs('bpmn'),
            },
            {
              label: t`Download as SVG`,
              testId: 'export-svg',
              onClick: () => actions.exportAs('svg'),
            },
          ]}
        />
        <MenuButton
          label={t`Preview`}
          icon={<IconEye size={16} />}
          testId="preview"
          items={[
            {
              label: t`Preview XML`,
              testId: 'preview-xml',
              icon: <IconCode size={14} />,
              onClick: actions.previewXml,
            },
            {
              label: t`Preview JSON`,
              testId: 'preview-json',
              icon: <IconCode size={14} />,
              onClick: actions.previewJson,
            },
          ]}
        />
        <Switch
          label={t`Simulation`}
          checked={props.simulation}
          onChange={(event) => actions.setSimulation(event.currentTarget.checked)}
          data-testid="simulation"
        />
        <Group gap={4}>
          {alignments.map((a) => (
            <Tool
              key={a.value}
              label={a.label}
              testId={`align-${a.value}`}
              disabled={props.simulation}
              onClick={() => actions.align(a.value)}
            >
              {a.icon}
            </Tool>
          ))}
        </Group>
        <Group gap={4}>
          <Tool
            label={t`Zoom out`}
            testId="zoom-out"
            disabled={!canZoom(zoom, -1)}
            onClick={() => actions.zoom(-1)}
          >
            <IconZoomOut size={18} />
          </Tool>
          <Badge variant="default" size="lg" data-testid="zoom-value" w={64}>
            {`${Math.round(zoom * 100)}%`}
          </Badge>
          <Tool
            label={t`Zoom in`}
            testId="zoom-in"
            disabled={!canZoom(zoom, 1)}
            onClick={() => actions.zoom(1)}
          >
            <IconZoomIn size={18} />
          </Tool>
          <Tool label={t`Reset zoom`} testId="zoom-reset" onClick={actions.resetZoom}>
            <IconZoomReset size={18} />
          </Tool>
        </Group>
        <Group gap={4}>
          <Tool
            label={t`Undo`}
            testId="undo"
            disabled={props.simulation || !props.canUndo}
            onClick={actions.undo}
          >
            <IconArrowBackUp size={18} />
          </Tool>
          <Tool
            label={t`Redo`}
            testId="redo"
            disabled={props.simulation || !props.canRedo}
            onClick={actions.redo}
          >
            <IconArrowForwardUp size={18} />
          </Tool>
          <Tool label={t`Redraw`} testId="redraw" onClick={actions.redraw}>
            <IconRefresh size={18} />
          </Tool>
        </Group>
        <Button
          size="xs"
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={actions.save}
          loading={props.saving}
          disabled={props.simulation || !props.canSave}
          data-testid="save"
        >
          {t`Save model`}
        </Button>
      </Group>
    </fieldset>
  );
}
