import { PLATFORM_EVENTS, type PlatformEvent } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { draftOf, plainText } from './event-messages';

const event = (type: string, payload: Record<string, unknown>, userId = 7): PlatformEvent => ({
  type,
  idempotencyKey: `${type}:1`,
  userId,
  payload,
  occurredAt: new Date(0).toISOString(),
});

describe('the message of each event', () => {
  it('should address a notice to everyone or to its role, in both languages, without markup', () => {
    const all = draftOf(
      event(
        PLATFORM_EVENTS.noticePublished,
        {
          title: '停机维护',
          content: '<p>今晚&nbsp;<b>22:00</b></p><script>x()</script>',
          all: true,
        },
        0,
      ),
    );
    expect(all).toMatchObject({
      type: 'notice',
      title: '停机维护',
      titleEn: '停机维护',
      content: '今晚 22:00',
      audience: { all: true },
    });
    const role = draftOf(event(PLATFORM_EVENTS.noticePublished, { title: 't', roleId: 3 }, 0));
    expect(role?.audience).toEqual({ roleId: 3 });
    expect(draftOf(event(PLATFORM_EVENTS.noticePublished, { content: 'no title' }, 0))).toBeNull();
  });

  it("should tell a mission's owner when it completes, fails or waits, and not when it merely runs", () => {
    const done = draftOf(
      event(PLATFORM_EVENTS.missionStatusChanged, {
        missionCode: 'M9',
        status: 'error',
        name: '抗体',
      }),
    );
    expect(done).toMatchObject({
      type: 'mission',
      title: '任务「抗体」执行出错',
      titleEn: 'Mission "抗体" failed',
      link: '/mission/info?code=M9',
      audience: { userId: 7 },
    });
    expect(
      draftOf(
        event(PLATFORM_EVENTS.missionStatusChanged, { missionCode: 'M9', status: 'in_progress' }),
      ),
    ).toBeNull();
  });

  it('should word points, orders, real-name results and the invitation link in zh and en', () => {
    expect(
      draftOf(
        event(PLATFORM_EVENTS.pointsCredited, {
          points: 50,
          reason: '注册奖励',
          reasonEn: 'Sign-up reward',
        }),
      ),
    ).toMatchObject({ content: '注册奖励：+50 积分', contentEn: 'Sign-up reward: +50 points' });
    expect(
      draftOf(
        event(PLATFORM_EVENTS.orderStatusChanged, {
          orderNo: 'R1',
          status: '已支付',
          statusEn: 'Paid',
        }),
      ),
    ).toMatchObject({ content: '订单 R1：已支付', contentEn: 'Order R1: Paid' });
    expect(
      draftOf(
        event(PLATFORM_EVENTS.realNameRejected, { reason: '照片模糊', reasonEn: 'Blurred photo' }),
      ),
    ).toMatchObject({ content: '原因：照片模糊', contentEn: 'Reason: Blurred photo' });
    expect(draftOf(event(PLATFORM_EVENTS.inviteLinkChanged, { linkStatus: '1' }))).toMatchObject({
      type: 'link',
      extraPush: '1',
    });
    expect(draftOf(event(PLATFORM_EVENTS.inviteLinkChanged, { linkStatus: 0 }))?.extraPush).toBe(
      '0',
    );
  });

  it('should ignore events it has no message for', () => {
    expect(draftOf(event(PLATFORM_EVENTS.userRegistered, { inviterId: 0 }))).toBeNull();
    expect(draftOf(event(PLATFORM_EVENTS.pointsCredited, { points: 'many' }))).toBeNull();
  });

  it('should keep the words of rich text only', () => {
    expect(plainText('<h1>A &amp; B</h1><style>p{}</style><p>&lt;c&gt;</p>')).toBe('A & B <c>');
  });

  it("should tell a user of a people's task given to them, linking to its process", () => {
    expect(
      draftOf(
        event(PLATFORM_EVENTS.bpmTaskAssigned, {
          taskId: 't1',
          taskName: '部门负责人审批',
          processInstanceId: 'p-1',
          processName: '请假申请',
        }),
      ),
    ).toEqual({
      type: 'system',
      title: '新的待办：部门负责人审批',
      titleEn: 'New task to do: 部门负责人审批',
      content: '流程「请假申请」等待你处理',
      contentEn: 'The process "请假申请" is waiting for you',
      link: '/bpm/process-instance/detail?id=p-1',
      audience: { userId: 7 },
    });
    expect(draftOf(event(PLATFORM_EVENTS.bpmTaskAssigned, { taskName: 'x' }))).toBeNull();
  });
});
