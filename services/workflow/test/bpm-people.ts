import { api, login, USER_PASSWORD } from '@platform/test-support';

import { dataOf, type WorkflowStack } from './support';

// People for the BPM suites: departments and users made through the console's API by the
// administrator, each user signed in as themselves.

export interface Person {
  id: number;
  userName: string;
  token: string;
}

/** Calls the API as `who` (JSON, bearer token, duplicate-submit guard off). */
export function asUser(s: WorkflowStack, who: Person) {
  const send = (req: ReturnType<ReturnType<typeof api>['get']>, lang = 'zh') =>
    req.set('Authorization', `Bearer ${who.token}`).set('repeatSubmit', 'false').set('lang', lang);
  return {
    get: (path: string, lang?: string) => send(api(s.stack).get(`/prod-api${path}`), lang),
    put: (path: string, body: object) => send(api(s.stack).put(`/prod-api${path}`)).send(body),
    post: (path: string, body: object) => send(api(s.stack).post(`/prod-api${path}`)).send(body),
    del: (path: string, body: object) => send(api(s.stack).delete(`/prod-api${path}`)).send(body),
  };
}

let seq = 0;
const unique = (prefix: string) => {
  seq += 1;
  return `${prefix}${process.pid % 1000}n${seq}${Date.now().toString(36)}`;
};

/** A department under the root; its head (a user) is set with setDeptLeader once people exist. */
export async function department(s: WorkflowStack, name = unique('部门')): Promise<number> {
  const res = await s.post('/system/dept', { parentId: 100, deptName: name, orderNum: 1 });
  return dataOf<{ deptId: number }>(res).deptId;
}

export async function setDeptLeader(
  s: WorkflowStack,
  deptId: number,
  leaderUserId: number,
): Promise<void> {
  const dept = dataOf<Record<string, unknown>>(await s.get(`/system/dept/${deptId}`));
  dataOf(await s.put('/system/dept', { ...dept, leaderUserId }));
}

/** A user of the department (with roles and posts when given), signed in. */
export async function person(
  s: WorkflowStack,
  deptId: number,
  extra: { roleIds?: number[]; postIds?: number[] } = {},
): Promise<Person> {
  const userName = unique('bpm');
  dataOf(
    await s.post('/system/user', {
      userName,
      nickName: userName,
      password: USER_PASSWORD,
      deptId,
      ...extra,
    }),
  );
  const list = await s.get(`/system/user/list?userName=${userName}`);
  const id = Number(list.body.rows[0].userId);
  return { id, userName, token: await login(s.stack, userName, USER_PASSWORD) };
}

/**
 * The stack's engine: embedded, or with BPM_TEST_ENGINE_URL (and _USER, _PASSWORD) a running
 * Operaton (node scripts/engine.mjs), to tell the same stories to the real engine.
 */
export function bpmEngineEnv(): Record<string, string> {
  const external = process.env.BPM_TEST_ENGINE_URL;
  if (!external) return {};
  return {
    ENGINE_URL: external,
    ENGINE_USER: process.env.BPM_TEST_ENGINE_USER ?? 'platform',
    ENGINE_PASSWORD: process.env.BPM_TEST_ENGINE_PASSWORD ?? '',
  };
}
