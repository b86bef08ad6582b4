import { describe, expect, it } from 'vitest';

import { renderMessage } from '../common/messages';
import {
  actsOnMission,
  canMoveMission,
  hasMissionInput,
  MISSION_EVENTS,
  MISSION_STATUS as S,
  MISSION_STATUSES,
  MISSION_TRANSITIONS,
  type MissionEvent,
  missionEventsFrom,
  missionMove,
  type MissionStatus,
  reviewsMissions,
  seesEveryMission,
} from './missions';

// The whole table, written out once more by hand: a change to MISSION_TRANSITIONS must be a
// deliberate change here too. Each row: event → the statuses it is accepted in → the status after.
const EXPECTED: Record<MissionEvent, [MissionStatus[], MissionStatus]> = {
  nodeStarted: [[S.notStarted, S.inProgress, S.error], S.inProgress],
  nodeEnded: [[S.notStarted, S.inProgress, S.error], S.inProgress],
  askUser: [[S.inProgress], S.userInput],
  reply: [[S.userInput], S.inProgress],
  awaitReview: [[S.notStarted, S.inProgress], S.adminReview],
  awaitConfirm: [[S.notStarted, S.inProgress], S.adminConfirm],
  approve: [[S.adminReview, S.adminConfirm], S.inProgress],
  reject: [[S.adminReview, S.adminConfirm], S.stopped],
  fail: [[S.notStarted, S.inProgress, S.userInput, S.adminReview, S.adminConfirm], S.error],
  complete: [[S.notStarted, S.inProgress], S.completed],
  stop: [
    [S.notStarted, S.inProgress, S.userInput, S.adminReview, S.adminConfirm, S.error],
    S.stopped,
  ],
  rerun: [
    [S.inProgress, S.userInput, S.adminReview, S.adminConfirm, S.error, S.stopped, S.completed],
    S.inProgress,
  ],
};

describe('mission transitions', () => {
  it('should have the eight stable status values of the dictionary', () => {
    expect(MISSION_STATUSES).toEqual([
      'not_started',
      'in_progress',
      'user_input',
      'admin_review',
      'admin_confirm',
      'error',
      'stopped',
      'completed',
    ]);
  });

  it('should cover exactly the expected events', () => {
    expect([...MISSION_EVENTS].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  describe.each(Object.entries(EXPECTED) as [MissionEvent, [MissionStatus[], MissionStatus]][])(
    '%s',
    (event, [from, to]) => {
      it.each(MISSION_STATUSES.map((status) => [status]))('from %s', (status) => {
        const move = missionMove(event, status);
        if (from.includes(status)) {
          expect(move).toEqual({ ok: true, to });
        } else {
          expect(move.ok).toBe(false);
        }
      });
    },
  );

  it('should refuse a move out of stopped or completed as "cannot be modified"', () => {
    for (const status of [S.stopped, S.completed]) {
      for (const event of ['stop', 'complete', 'nodeStarted', 'reply', 'fail'] as const) {
        expect(missionMove(event, status)).toEqual({
          ok: false,
          refusal: 'mission.status_locked',
        });
      }
    }
  });

  it('should refuse an event the current status does not expect as "does not match"', () => {
    expect(missionMove('reply', S.inProgress)).toEqual({
      ok: false,
      refusal: 'mission.status_mismatch',
    });
    expect(missionMove('approve', S.userInput)).toEqual({
      ok: false,
      refusal: 'mission.status_mismatch',
    });
    expect(missionMove('complete', S.error)).toEqual({
      ok: false,
      refusal: 'mission.status_mismatch',
    });
  });

  it('should answer the refusals with the spec sentences in zh and en', () => {
    expect(renderMessage('mission.status_locked', 'en')).toBe('Task status cannot be modified');
    expect(renderMessage('mission.status_mismatch', 'en')).toBe('Task status does not match');
    expect(renderMessage('mission.status_locked', 'zh')).toBe('任务状态不可修改');
    expect(renderMessage('mission.status_mismatch', 'zh')).toBe('任务状态不匹配');
  });

  it('should say which moves exist between two statuses', () => {
    expect(canMoveMission(S.notStarted, S.inProgress)).toBe(true);
    expect(canMoveMission(S.inProgress, S.completed)).toBe(true);
    expect(canMoveMission(S.stopped, S.inProgress)).toBe(true); // rerun
    expect(canMoveMission(S.completed, S.stopped)).toBe(false);
    expect(canMoveMission(S.stopped, S.completed)).toBe(false);
    expect(canMoveMission(S.userInput, S.completed)).toBe(false);
    expect(canMoveMission(S.error, S.completed)).toBe(false);
    // Only a rerun leaves the final statuses.
    for (const status of [S.stopped, S.completed]) {
      expect(missionEventsFrom(status)).toEqual(['rerun']);
    }
  });

  it('should move every status somewhere and reach every status from somewhere', () => {
    for (const status of MISSION_STATUSES) {
      expect(missionEventsFrom(status).length, status).toBeGreaterThan(0);
    }
    const reached = new Set(Object.values(MISSION_TRANSITIONS).map((rule) => rule.to));
    expect([...reached].sort()).toEqual(MISSION_STATUSES.filter((s) => s !== S.notStarted).sort());
  });
});

describe(hasMissionInput.name, () => {
  it.each([
    [{ text: 'humanize this' }, true],
    [{ files: ['2026/01/a.fasta'] }, true],
    [{ patch: 'H35A' }, true],
    [{ text: '   ', files: [], patch: '' }, false],
    [{ files: [' '] }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (inputs, expected) => {
    expect(hasMissionInput(inputs)).toBe(expected);
  });
});

describe(seesEveryMission.name, () => {
  const user = { userId: 7, admin: false, permissions: ['wujie:mission:list'] };
  it('should let an administrator or a holder of wujie:mission:review see every mission, no one else', () => {
    expect(seesEveryMission({ ...user, admin: true, permissions: ['*:*:*'] })).toBe(true);
    expect(seesEveryMission({ ...user, permissions: ['wujie:mission:review'] })).toBe(true);
    expect(seesEveryMission(user)).toBe(false);
  });

  it('should let only a holder of wujie:mission:review review, whatever the admin flag', () => {
    expect(reviewsMissions({ permissions: ['wujie:mission:review'] })).toBe(true);
    expect(reviewsMissions({ permissions: ['*:*:*'] })).toBe(true);
    expect(reviewsMissions({ ...user, admin: true })).toBe(false);
  });

  it('should let only the owner and an administrator act on a mission, a reviewer not', () => {
    expect(actsOnMission(user, 7)).toBe(true);
    expect(actsOnMission(user, 8)).toBe(false);
    expect(actsOnMission({ ...user, permissions: ['wujie:mission:review'] }, 8)).toBe(false);
    expect(actsOnMission({ ...user, admin: true }, 8)).toBe(true);
  });
});
