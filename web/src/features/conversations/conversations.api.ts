import type { UserView } from '@platform/contracts';
import { queryOptions } from '@tanstack/react-query';

import { requestData } from '../../lib/request';

// The console's conversation pages read the assistant's own calls (docs/api-assistant.md): the list
// with `all=true` for administrators and a conversation's messages (the chat's query). Owners are
// named from the console's user list when the reader may read it.

export type SimpleUser = Pick<UserView, 'userId' | 'userName' | 'nickName'>;

export const CONVERSATIONS_LIST_URL = '/wujie/chat/list';

/** Every user (at most 2000) for naming owners and the owner filter. */
export const simpleUsersQuery = () =>
  queryOptions({
    queryKey: ['system', 'users', 'simple'],
    queryFn: () => requestData<SimpleUser[]>('/system/user/list-all-simple'),
    staleTime: 60_000,
  });

/** `nick (user)` or `#id` when the user is not known to the reader. */
export function ownerLabel(users: readonly SimpleUser[] | undefined, id: number): string {
  const user = users?.find((u) => u.userId === id);
  if (!user) return `#${id}`;
  return user.nickName && user.nickName !== user.userName
    ? `${user.nickName} (${user.userName})`
    : user.userName;
}
