import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { render } from '../../../test-utils/render';
import { DesignerToolbar, type ToolbarActions } from './DesignerToolbar';

function actions(): ToolbarActions {
  return {
    previewXml: vi.fn(),
    previewJson: vi.fn(),
    align: vi.fn(),
    zoom: vi.fn(),
    resetZoom: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    redraw: vi.fn(),
    save: vi.fn(),
    importFile: vi.fn(),
    exportAs: vi.fn(),
    setSimulation: vi.fn(),
  };
}

const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

const base = {
  ready: true,
  zoom: 1,
  canUndo: false,
  canRedo: false,
  simulation: false,
  saving: false,
  canSave: true,
};

describe('designer toolbar', () => {
  it('should enable undo and redo from the command stack', () => {
    const handlers = actions();
    const first = render(<DesignerToolbar {...base} actions={handlers} />);
    expect(disabled(screen.getByTestId('undo'))).toBe(true);
    expect(disabled(screen.getByTestId('redo'))).toBe(true);
    first.unmount();
    render(<DesignerToolbar {...base} canUndo actions={handlers} />);
    expect(disabled(screen.getByTestId('undo'))).toBe(false);
    fireEvent.click(screen.getByTestId('undo'));
    expect(handlers.undo).toHaveBeenCalledOnce();
  });

  it('should disable every control until the modeler has loaded', () => {
    render(<DesignerToolbar {...base} ready={false} actions={actions()} />);
    for (const testId of [
      'import-file',
      'export',
      'preview',
      'align-left',
      'zoom-in',
      'redraw',
      'save',
    ])
      expect(screen.getByTestId(testId).matches(':disabled')).toBe(true);
  });

  it('should not save, align, undo or redo in simulation mode', () => {
    render(<DesignerToolbar {...base} canUndo canRedo simulation actions={actions()} />);
    for (const testId of ['save', 'align-left', 'undo', 'redo'])
      expect(disabled(screen.getByTestId(testId))).toBe(true);
    expect(disabled(screen.getByTestId('zoom-in'))).toBe(false);
  });

  it('should stop zooming at the limits and show the zoom in per cent', () => {
    const first = render(<DesignerToolbar {...base} zoom={4} actions={actions()} />);
    expect(disabled(screen.getByTestId('zoom-in'))).toBe(true);
    expect(disabled(screen.getByTestId('zoom-out'))).toBe(false);
    expect(screen.getByTestId('zoom-value').textContent).toBe('400%');
    first.unmount();
    render(<DesignerToolbar {...base} zoom={0.2} actions={actions()} />);
    expect(disabled(screen.getByTestId('zoom-out'))).toBe(true);
  });

  it('should ask for each of the six alignments', () => {
    const handlers = actions();
    render(<DesignerToolbar {...base} actions={handlers} />);
    for (const alignment of ['left', 'right', 'top', 'bottom', 'center', 'middle']) {
      fireEvent.click(screen.getByTestId(`align-${alignment}`));
      expect(handlers.align).toHaveBeenLastCalledWith(alignment);
    }
  });
});
