import { describe, expect, it } from 'vitest';

import { missionRows, missionsByWorkflow, pointsRows, signUpRows } from './figures';

const now = new Date('2026-03-10T12:00:00Z');

describe('dashboard figures', () => {
  it('should put every day of the range on the axis, a day without rows as zero', () => {
    expect(signUpRows([{ day: '2026-03-09', count: 4 }], 3, now)).toEqual([
      { day: '03-08', count: 0 },
      { day: '03-09', count: 4 },
      { day: '03-10', count: 0 },
    ]);
    expect(pointsRows([{ day: '2026-03-10', issued: 50, spent: 7 }], 2, now)).toEqual([
      { day: '03-09', issued: 0, spent: 0 },
      { day: '03-10', issued: 50, spent: 7 },
    ]);
  });

  it('should stack missions by status per day and total them by workflow', () => {
    const missions = [
      { day: '2026-03-10', workflowId: 1, workflowName: 'A', status: 'error', count: 1 },
      { day: '2026-03-10', workflowId: 2, workflowName: 'B', status: 'completed', count: 2 },
      { day: '2026-03-09', workflowId: 2, workflowName: 'B', status: 'completed', count: 3 },
    ];
    expect(missionRows(missions, 2, now)).toEqual({
      statuses: ['completed', 'error'],
      rows: [
        { day: '03-09', completed: 3, error: 0 },
        { day: '03-10', completed: 2, error: 1 },
      ],
    });
    expect(missionsByWorkflow(missions)).toEqual([
      { status: 'B', count: 5 },
      { status: 'A', count: 1 },
    ]);
  });
});
