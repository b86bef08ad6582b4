import { MISSION_STATUSES, PERMISSIONS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { missionActions } from './mission-actions';

const M = PERMISSIONS.wujie.mission;
const OWNER_ID = 7;
const owner = {
  permissions: [M.list, M.query, M.add, M.stop, M.rerun],
  admin: false,
  userId: OWNER_ID,
};
const admin = { permissions: ['*:*:*'], admin: true, userId: 1 };

describe(missionActions.name, () => {
  it('should offer stop while the mission lives or failed, and rerun once it has run', () => {
    const offered = Object.fromEntries(
      MISSION_STATUSES.map((status) => {
        const sut = missionActions(status, owner, OWNER_ID);
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
    expect(missionActions('user_input', owner, OWNER_ID).reply).toBe(true);
    expect(missionActions('in_progress', owner, OWNER_ID).reply).toBe(false);
    const reader = { permissions: [M.query], admin: false, userId: OWNER_ID };
    expect(missionActions('user_input', reader, OWNER_ID).reply).toBe(false);
  });

  it('should offer the review to whoever may review, of a mission waiting for it', () => {
    expect(missionActions('admin_review', admin, OWNER_ID).review).toBe(true);
    expect(missionActions('admin_confirm', admin, OWNER_ID).review).toBe(true);
    expect(missionActions('in_progress', admin, OWNER_ID).review).toBe(false);
    expect(missionActions('admin_review', owner, OWNER_ID).review).toBe(false);
  });

  it("should let a reviewer who is no administrator review another's mission, and do nothing else to it", () => {
    const reviewer = { permissions: [...owner.permissions, M.review], admin: false, userId: 9 };
    expect(missionActions('admin_review', reviewer, OWNER_ID)).toEqual({
      stop: false,
      rerun: false,
      reply: false,
      review: true,
    });
    expect(missionActions('user_input', admin, OWNER_ID)).toMatchObject({
      stop: true,
      reply: true,
    });
  });

  it('should hide stop and rerun from users without those permissions', () => {
    const reader = { permissions: [M.list, M.query], admin: false, userId: OWNER_ID };
    expect(missionActions('in_progress', reader, OWNER_ID)).toMatchObject({
      stop: false,
      rerun: false,
    });
  });
});
