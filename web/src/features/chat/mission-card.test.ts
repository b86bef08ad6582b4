import { MISSION_STATUS as S, MISSION_STATUSES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { readAgentStatus } from '../mission';
import { isLive, phaseOf, statusAfterPush, waitingQuestion } from './mission-card';

describe('mission card', () => {
  it('should show each status a user meets in the chat as its own state', () => {
    expect(MISSION_STATUSES.map((status) => [status, phaseOf(status)])).toEqual([
      [S.notStarted, 'computing'],
      [S.inProgress, 'computing'],
      [S.userInput, 'userInput'],
      [S.adminReview, 'adminReview'],
      [S.adminConfirm, 'adminConfirm'],
      [S.error, 'error'],
      [S.stopped, 'stopped'],
      [S.completed, 'completed'],
    ]);
  });

  it('should move through the states a humanization run pushes', () => {
    const pushes = [
      {
        type: 'agentStatus',
        missionId: 7,
        code: 'M7',
        status: 'in_progress',
        nodeId: 'Task_Numbering',
        nodeStatus: 'running',
      },
      { type: 'agentStatus', missionId: 7, code: 'M7', status: 'user_input' },
      { type: 'agentStatus', missionId: 7, code: 'M7', status: 'in_progress' },
      { type: 'agentStatus', missionId: 7, code: 'M7', status: 'admin_review' },
      { type: 'agentStatus', missionId: 7, code: 'M7', status: 'in_progress' },
      { type: 'agentStatus', missionId: 7, code: 'M7', status: 'completed' },
    ];
    let status: (typeof MISSION_STATUSES)[number] = S.notStarted;
    const seen = [];
    for (const frame of pushes) {
      status = statusAfterPush(status, readAgentStatus(frame)!.status);
      seen.push(phaseOf(status));
    }
    expect(seen).toEqual([
      'computing',
      'userInput',
      'computing',
      'adminReview',
      'computing',
      'completed',
    ]);
    expect(isLive(status)).toBe(false);
  });

  it('should keep a final state against a late push, and leave error only by a move the table allows', () => {
    expect(statusAfterPush(S.completed, S.inProgress)).toBe(S.inProgress); // a rerun
    expect(statusAfterPush(S.completed, S.userInput)).toBe(S.completed);
    expect(statusAfterPush(S.stopped, S.adminReview)).toBe(S.stopped);
    expect(statusAfterPush(S.inProgress, S.error)).toBe(S.error);
    expect(statusAfterPush(S.error, S.completed)).toBe(S.error);
    expect(statusAfterPush(S.userInput, S.userInput)).toBe(S.userInput);
  });

  it('should follow a mission while it runs or waits', () => {
    expect(MISSION_STATUSES.filter(isLive)).toEqual([
      S.notStarted,
      S.inProgress,
      S.userInput,
      S.adminReview,
      S.adminConfirm,
    ]);
  });

  it('should show what the mission asks in the language shown, else in the other one', () => {
    const waiting = {
      id: 1,
      kind: 'user_input' as const,
      runId: 'r',
      nodeId: 'Task_Numbering',
      question: '请选择编号方案',
      questionEn: 'Which numbering scheme?',
      createdAt: '',
    };
    expect(waitingQuestion(waiting, 'zh')).toBe('请选择编号方案');
    expect(waitingQuestion(waiting, 'en')).toBe('Which numbering scheme?');
    expect(waitingQuestion({ ...waiting, questionEn: '' }, 'en')).toBe('请选择编号方案');
    expect(waitingQuestion(null, 'zh')).toBe('');
  });
});
