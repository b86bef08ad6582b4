import { MISSION_STATUSES, PERMISSIONS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { missionActions } from './mission-actions';

const M = PERMISSIONS.wujie.mission;
const owner = { permissions: [M.list, M.query, M.add, M.stop, M.rerun], admin: false };
const admin = { permissions: ['*:*:*'], admin: true };

describe(missionActions.name, () => {
  it('should offer stop while the mission lives or failed, and rerun once it has run', () => {
    const offered = Object.fromEntries(
      MISSION_STATUSES.map((status) => {
        const sut = missionActions(status, owner);
        return [status, [sut.stop && 'stop', sut.rerun && 'rerun'].filter(Boolean)];
      }),
    );
    expect(offered).toEqual({
      not_started: ['stop'],
      in_progress: ['stop', 'rerun'],
      user_input: ['stop', 'rerun'],
      admin_review: ['stop', 'rerun'],
      admin_confirm: ['stop', 'rerun'],
      error: ['stop', 'rerun'],
      stopped: ['rerun'],
      completed: ['rerun'],
    });
  });

  it('should offer the reply only when an agent waits for input', () => {
    expect(missionActions('user_input', owner).reply).toBe(true);
    expect(missionActions('in_progress', owner).reply).toBe(false);
    expect(missionActions('user_input', { permissions: [M.query], admin: false }).reply).toBe(
      false,
    );
  });

  it('should offer the review to administrators of a mission waiting for them', () => {
    expect(missionActions('admin_review', admin).review).toBe(true);
    expect(missionActions('admin_confirm', admin).review).toBe(true);
    expect(missionActions('in_progress', admin).review).toBe(false);
    expect(missionActions('admin_review', owner).review).toBe(false);
  });

  it('should hide stop and rerun from users without those permissions', () => {
    const reader = { permissions: [M.list, M.query], admin: false };
    expect(missionActions('in_progress', reader)).toMatchObject({ stop: false, rerun: false });
  });
});
