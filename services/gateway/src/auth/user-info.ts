import type { SessionUser, UserInfoView } from '@platform/contracts';

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
