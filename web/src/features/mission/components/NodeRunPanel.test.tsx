import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { logRow, workerHumanizationOutput } from '../../../../test-utils/mission-factories';
import { render } from '../../../../test-utils/render';
import type { ShownElement } from '../../workflow';
import { NodeRunPanel } from './NodeRunPanel';

const element = (id: string): ShownElement => ({
  id,
  type: 'bpmn:UserTask',
  name: '人源化智能体',
  label: 'Humanization agent',
  documentation: JSON.stringify({ nameen: 'Humanization agent', type: 'Agent' }),
  marker: null,
  tasks: [],
  missionId: 7,
});

const props = {
  currentRunId: 'run-1',
  missionId: 7,
  onClose: vi.fn(),
  onRerun: vi.fn(),
};

describe(NodeRunPanel.name, () => {
  it("should show the latest attempt's outputs, and an earlier attempt's error on demand", () => {
    const logs = [
      logRow({ id: 1, nodeId: 'Task_Humanize', status: 'failed', error: 'timeout', attempt: 1 }),
      logRow({
        id: 2,
        nodeId: 'Task_Humanize',
        status: 'success',
        attempt: 2,
        outputs: workerHumanizationOutput(),
      }),
    ];
    render(<NodeRunPanel {...props} element={element('Task_Humanize')} logs={logs} canRerun />);
    const outputs = screen.getByTestId('node-outputs');
    expect(within(outputs).getByTestId('result-humanization')).toBeTruthy();
    expect(screen.queryByTestId('node-error')).toBeNull();
    expect(screen.getByTestId('rerun-from-here')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('node-attempts')).getByText('Attempt 1'));
    expect(screen.getByTestId('node-error').textContent).toContain('timeout');
    expect(within(screen.getByTestId('node-outputs')).getByTestId('no-content')).toBeTruthy();
  });

  it('should say that a node which has not run returned nothing, and offer no rerun without the right', () => {
    render(<NodeRunPanel {...props} element={element('Task_Review')} logs={[]} canRerun={false} />);
    expect(within(screen.getByTestId('node-outputs')).getByTestId('no-content').textContent).toBe(
      'No content returned from this node',
    );
    expect(screen.queryByTestId('rerun-from-here')).toBeNull();
  });
});
