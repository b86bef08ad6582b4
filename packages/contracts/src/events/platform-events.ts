/**
 * Durable events between services (DESIGN "Transport is a setting"): the producer writes the event to its own
 * outbox table in the transaction of the change it announces; a relay publishes outbox rows, in id order, to
 * one BullMQ queue per consuming service (job id = the event's idempotency key, so a re-published row is not
 * queued twice); each consumer records the keys it has applied (unique index) so a redelivery changes nothing.
 */
export interface PlatformEvent<P = Record<string, unknown>> {
  /** One of PLATFORM_EVENTS. */
  type: string;
  /** Unique per source change (e.g. `user.registered:42`). */
  idempotencyKey: string;
  /** The user the event concerns; events of one user are consumed in the order they were written. */
  userId: number;
  payload: P;
  /** ISO time the producer wrote the event. */
  occurredAt: string;
}

export const PLATFORM_EVENTS = {
  /** {userId, inviterId (0 = none), companyId, ip?, deviceId?} */
  userRegistered: 'identity.user.registered',
  /** {userId, reward} */
  phoneBound: 'identity.user.phone_bound',
  /** {userId} — real-name authentication confirmed (Alipay or an administrator). */
  realNameVerified: 'identity.user.realname_verified',
  /** {userId, reason, reasonEn} */
  realNameRejected: 'identity.user.realname_rejected',
  /** {userId, linkStatus: 1 | 0} — an administrator enabled or disabled the user's invitation link. */
  inviteLinkChanged: 'identity.user.invite_link_changed',
  /** {noticeId, title, titleEn?, content?, roleId?, all: true} — an administrator published a notice. */
  noticePublished: 'identity.notice.published',
  /** {userId, points, reason, reasonEn, reference} — billing credited points (reward, recharge, admin). */
  pointsCredited: 'billing.points.credited',
  /** {userId, orderNo, status (zh text), statusEn, statusCode (the OrderStatus)} */
  orderStatusChanged: 'billing.order.status_changed',
  /** {userId, missionCode, status, name?, nameEn?} */
  missionStatusChanged: 'workflow.mission.status_changed',
  /** {userId, taskId, taskName, processInstanceId, processName} — a people's task is the user's to do (issue 29). */
  bpmTaskAssigned: 'workflow.bpm.task_assigned',
  /**
   * {userId, userName, contact, content, roleId, kind: 'service' | 'message'} — a user asked for
   * service or wrote to the administrators (issue 30); the administrators' role (roleId) is told.
   */
  serviceRequested: 'identity.user.service_requested',
} as const;

export type PlatformEventType = (typeof PLATFORM_EVENTS)[keyof typeof PLATFORM_EVENTS];

/** BullMQ queue (one per consuming service) that a relay publishes events to. */
export const EVENT_QUEUES = {
  billing: 'platform-events-billing',
  notification: 'platform-events-notification',
} as const;

/** Which consumers receive which events; a relay publishes each event to every queue that lists it. */
export const EVENT_ROUTES: Record<keyof typeof EVENT_QUEUES, readonly string[]> = {
  billing: [
    PLATFORM_EVENTS.userRegistered,
    PLATFORM_EVENTS.phoneBound,
    PLATFORM_EVENTS.realNameVerified,
  ],
  notification: [
    PLATFORM_EVENTS.realNameVerified,
    PLATFORM_EVENTS.realNameRejected,
    PLATFORM_EVENTS.inviteLinkChanged,
    PLATFORM_EVENTS.noticePublished,
    PLATFORM_EVENTS.pointsCredited,
    PLATFORM_EVENTS.orderStatusChanged,
    PLATFORM_EVENTS.missionStatusChanged,
    PLATFORM_EVENTS.bpmTaskAssigned,
    PLATFORM_EVENTS.serviceRequested,
  ],
};
