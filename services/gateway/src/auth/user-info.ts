import {
  type Language,
  renderMessage,
  type SessionUser,
  type UserInfoView,
} from '@platform/contracts';

export function userInfoOf(session: SessionUser): UserInfoView {
  return {
    user: {
      userId: session.userId,
      userName: session.userName,
      nickName: session.nickName,
      avatar: session.avatar,
      admin: session.admin,
      email: session.email,
      phonenumber: session.phonenumber,
      qu: session.qu,
      companyId: session.companyId,
      pagesize: session.pagesize,
      tour: session.tour,
    },
    roles: session.roles,
    permissions: session.permissions,
  };
}

// The session store hands out one frozen object per version of a session record, so the answer
// built from it is cached by that object: a change of roles or profile writes a new record, hence
// a new object and a new answer. Nothing else keeps it alive.
const bodies = new WeakMap<SessionUser, Partial<Record<Language, string>>>();

/** The whole getInfo envelope as JSON text, assembled once per session version and language. */
export function userInfoBody(session: SessionUser, lang: Language): string {
  const byLang = bodies.get(session) ?? {};
  const cached = byLang[lang];
  if (cached) return cached;
  const body = JSON.stringify({
    code: 200,
    msg: renderMessage('common.success', lang),
    data: userInfoOf(session),
  });
  bodies.set(session, { ...byLang, [lang]: body });
  return body;
}
