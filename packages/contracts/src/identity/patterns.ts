/** Message patterns of the identity service; the gateway sends them, identity handles them. */
export const IDENTITY_PATTERNS = {
  health: 'identity.health',
  captchaCreate: 'identity.captcha.create',
  login: 'identity.auth.login',
  logout: 'identity.auth.logout',
  sendSmsCode: 'identity.code.sms.send',
  sendEmailCode: 'identity.code.email.send',
  verifySmsCode: 'identity.code.sms.verify',
  verifyEmailCode: 'identity.code.email.verify',
  registerByPhone: 'identity.register.phone',
  registerByEmail: 'identity.register.email',
  resetPasswordByPhone: 'identity.password.reset.phone',
  resetPasswordByEmail: 'identity.password.reset.email',
  emailCheck: 'identity.user.email.check',
  routers: 'identity.menu.routers',
  checkMainland: 'identity.user.mainland',
  bindPhone: 'identity.user.phone.bind',
  bindEmail: 'identity.user.email.bind',
  /** A user asks for service (/wujie/user/gogetservicestatus); the administrators are told once. */
  serviceRequest: 'identity.user.service.request',
  serviceStatus: 'identity.user.service.status',
  sendToAdmin: 'identity.user.service.send_to_admin',
  /** Ids of live, enabled users: of a role, or everyone (the notification service's audiences). */
  userIds: 'identity.user.ids',
  /** Ids of live, enabled users a task assignment rule names (workflow, issue 29). */
  assigneeIds: 'identity.bpm.assignee-ids',
} as const;

/** Where a user's request for service stands (/wujie/user/servicestatus). */
export interface ServiceStatusView {
  status: 'none' | 'requested';
  /** ISO time of the open request, null when there is none. */
  requestedAt: string | null;
}

export type IdentityPattern = (typeof IDENTITY_PATTERNS)[keyof typeof IDENTITY_PATTERNS];

export interface CaptchaView {
  captchaEnabled: boolean;
  uuid: string;
  img: string;
}

export interface TokenView {
  token: string;
}

export interface HealthView {
  service: string;
  mysql: 'UP' | 'DOWN';
  uptimeSeconds: number;
  /** The workflow service's process engine (embedded or at ENGINE_URL). */
  engine?: 'UP' | 'DOWN';
}
