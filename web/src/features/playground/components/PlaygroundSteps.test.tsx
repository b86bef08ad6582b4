import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useApiServer } from '../../../../test-utils/api-server';
import { logRow, numberingOutput } from '../../../../test-utils/mission-factories';
import { render } from '../../../../test-utils/render';
import { PlaygroundSteps } from './PlaygroundSteps';

useApiServer();

describe(PlaygroundSteps.name, () => {
  it('should list each node run in order with its status, attempts and, opened, its output or error', () => {
    render(
      <PlaygroundSteps
        missionCode="M1"
        steps={[
          logRow({
            id: 1,
            nodeId: 'Task_Numbering',
            nodeNameEn: 'Numbering',
            status: 'success',
            endedAt: '2025-01-01T00:00:02.000Z',
            outputs: { result: 'numbered', ...numberingOutput() },
          }),
          logRow({
            id: 2,
            nodeId: 'Task_Risk',
            nodeNameEn: 'Liabilities',
            status: 'failed',
            error: 'Tool antibody.liabilities failed: no chain',
          }),
          logRow({ id: 3, nodeId: 'Task_Risk', nodeNameEn: 'Liabilities', attempt: 2 }),
        ]}
      />,
    );
    const steps = screen.getAllByTestId('playground-step');
    expect(
      steps.map((s) => [s.getAttribute('data-node-id'), s.getAttribute('data-status')]),
    ).toEqual([
      ['Task_Numbering', 'success'],
      ['Task_Risk', 'failed'],
      ['Task_Risk', 'running'],
    ]);
    expect(screen.getAllByTestId('playground-step-name').map((n) => n.textContent)).toEqual([
      'Numbering',
      'Liabilities',
      'Liabilities',
    ]);
    expect(screen.getByText('attempt 2')).toBeTruthy();
    fireEvent.click(screen.getByText('Numbering'));
    fireEvent.click(screen.getAllByText('Liabilities')[0]!);
    expect(screen.getByTestId('playground-step-error').textContent).toContain('no chain');
  });

  it('should say when no node has run yet', () => {
    render(<PlaygroundSteps missionCode="M1" steps={[]} />);
    expect(screen.getByTestId('playground-no-steps')).toBeTruthy();
  });
});
