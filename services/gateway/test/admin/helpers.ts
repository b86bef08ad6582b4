import type { TestStack } from '../support/stack';
import { api, login, USER_PASSWORD } from '../support/stack';

export interface Client {
  get(path: string): ReturnType<ReturnType<typeof api>['get']>;
  post(path: string, body?: object): ReturnType<ReturnType<typeof api>['post']>;
  put(path: string, body?: object): ReturnType<ReturnType<typeof api>['put']>;
  del(path: string): ReturnType<ReturnType<typeof api>['delete']>;
}

/** Requests as the holder of `token` (duplicate-submit guard off: tests repeat bodies on purpose). */
export function as(stack: TestStack, token: string, lang = 'en'): Client {
  const auth = (req: ReturnType<ReturnType<typeof api>['get']>) =>
    req.set('Authorization', `Bearer ${token}`).set('repeatSubmit', 'false').set('lang', lang);
  return {
    get: (path) => auth(api(stack).get(`/prod-api${path}`)),
    post: (path, body = {}) => auth(api(stack).post(`/prod-api${path}`)).send(body),
    put: (path, body = {}) => auth(api(stack).put(`/prod-api${path}`)).send(body),
    del: (path) => auth(api(stack).delete(`/prod-api${path}`)),
  };
}

export async function rows<T = Record<string, unknown>>(
  stack: TestStack,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const [result] = await stack.db.query(sql, params);
  return result as T[];
}

let seq = 0;
/** A unique short name for this run. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${process.pid % 1000}_${seq}`;
}

/** Creates a user through the API and signs them in; returns id and token. */
export async function createUser(
  stack: TestStack,
  admin: Client,
  fields: Record<string, unknown> = {},
): Promise<{ userId: number; userName: string; token: () => Promise<string> }> {
  const userName = unique('u');
  const res = await admin.post('/system/user', {
    userName,
    nickName: userName,
    password: USER_PASSWORD,
    ...fields,
  });
  if (res.body.code !== 200) throw new Error(`create user: ${JSON.stringify(res.body)}`);
  return {
    userId: res.body.data.userId,
    userName,
    token: () => login(stack, userName, USER_PASSWORD),
  };
}

/** Polls until `check` returns a truthy value (events such as the operation log land asynchronously). */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('condition not met in time');
}
