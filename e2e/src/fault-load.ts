import { randomUUID } from 'node:crypto';

import type { FaultPlatform } from './fault-platform';
import { FAULT_ADMIN_PASSWORD } from './fault-platform';

// A bounded load of reads (the user list) and writes (user creations with an Idempotency-Key) on the
// fault platform, what each request got, and the integrity check afterwards: every acknowledged user
// present and complete (its role and post too), every refused one created exactly once when sent again
// with its key.

export interface Answer {
  status: number;
  code: number;
  msg: string;
  headers: Headers | undefined;
  body: Record<string, unknown>;
}

/** One HTTP call; a lost connection is status 0 with the error's text. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string; lang?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { lang: options.lang ?? 'en' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.key) headers['Idempotency-Key'] = options.key;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(`${baseUrl}/prod-api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return {
      status: response.status,
      code: Number(body.code ?? 0),
      msg: String(body.msg ?? ''),
      headers: response.headers,
      body,
    };
  } catch (error) {
    return {
      status: 0,
      code: 0,
      msg: `no answer (${(error as Error).cause ?? (error as Error).message})`,
      headers: undefined,
      body: {},
    };
  }
}

export async function signIn(baseUrl: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await call(baseUrl, 'POST', '/login', {
      body: { username: 'admin', password: FAULT_ADMIN_PASSWORD },
    });
    const token = (answer.body.data as { token?: string } | undefined)?.token;
    if (answer.code === 200 && token) return token;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('cannot sign in to the fault platform');
}

export interface WriteRecord {
  userName: string;
  key: string;
  body: Record<string, unknown>;
  acknowledged: boolean;
  answer: string;
}

export interface LoadResult {
  reads: number;
  writes: WriteRecord[];
  /** Failed requests: `status msg` → count. */
  failures: Map<string, number>;
  failed: number;
  total: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let sequence = 0;
const runTag = Date.now().toString(36).slice(-5);

export function userBody(userName: string): Record<string, unknown> {
  return {
    userName,
    nickName: `Fault ${userName}`,
    password: 'Fault#User2026',
    deptId: 100,
    roleIds: [2],
    postIds: [1],
  };
}

/**
 * Starts `readers` + `writers` loops (a pause between requests); stop() ends them and tells what happened.
 * With `arrivalEveryMs`, a new user creation also starts that often whether or not earlier ones were
 * answered (at most `maxArriving` waiting), as from many users: the loops alone all wait on the requests
 * a fault left hanging, and so send nothing while it lasts.
 */
export function startLoad(
  baseUrl: string,
  token: string,
  {
    readers = 2,
    writers = 2,
    pauseMs = 40,
    arrivalEveryMs = 0,
    maxArriving = 40,
  }: {
    readers?: number;
    writers?: number;
    pauseMs?: number;
    arrivalEveryMs?: number;
    maxArriving?: number;
  } = {},
): { stop(): Promise<LoadResult> } {
  let running = true;
  const result: LoadResult = { reads: 0, writes: [], failures: new Map(), failed: 0, total: 0 };
  const note = (answer: Answer) => {
    result.total += 1;
    if (answer.code === 200) return;
    result.failed += 1;
    const label = `${answer.status} ${answer.msg}`;
    result.failures.set(label, (result.failures.get(label) ?? 0) + 1);
  };
  const pause = () => new Promise((resolve) => setTimeout(resolve, pauseMs));
  const read = async () => {
    while (running) {
      const answer = await call(baseUrl, 'GET', '/system/user/list?pageNum=1&pageSize=10', {
        token,
      });
      result.reads += 1;
      note(answer);
      // No gateway to talk to: a client would not hammer it either.
      await (answer.status === 0 ? sleep(250) : pause());
    }
  };
  const createOne = async (): Promise<Answer> => {
    sequence += 1;
    const userName = `f${runTag}${sequence}`;
    const key = randomUUID();
    const body = userBody(userName);
    const answer = await call(baseUrl, 'POST', '/system/user', { token, body, key });
    note(answer);
    result.writes.push({
      userName,
      key,
      body,
      acknowledged: answer.code === 200,
      answer: `${answer.status} ${answer.msg}`,
    });
    return answer;
  };
  const write = async () => {
    while (running) {
      const answer = await createOne();
      await (answer.status === 0 ? sleep(250) : pause());
    }
  };
  const arrivals = async () => {
    const arriving = new Set<Promise<unknown>>();
    while (running) {
      if (arriving.size < maxArriving) {
        const creation = createOne().finally(() => arriving.delete(creation));
        arriving.add(creation);
      }
      await sleep(arrivalEveryMs);
    }
    await Promise.all(arriving);
  };
  const loops = [
    ...Array.from({ length: readers }, read),
    ...Array.from({ length: writers }, write),
    ...(arrivalEveryMs > 0 ? [arrivals()] : []),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return result;
    },
  };
}

export interface Integrity {
  acknowledged: number;
  acknowledgedComplete: number;
  refused: number;
  /**
   * Every write answered 503 ("temporarily unavailable", which promises that nothing was done) and
   * whether the database had it, looked up before any of them is sent again: `present` is a problem.
   */
  unavailable: { userName: string; present: boolean }[];
  /** Of those, the ones indeed not done. */
  unavailableAbsent: number;
  /** Refused writes sent again with their key that now exist exactly once. */
  refusedOnceAfterRetry: number;
  /**
   * Of those, the ones whose retry was refused as "already exists": the first run was done (once),
   * but its answer was not recorded under the key (the service was killed between its commit and the
   * record) — nothing lost or doubled, the first answer not replayed.
   */
  notReplayed: number;
  /** Writes present more than once, or acknowledged but missing or incomplete (must be empty). */
  problems: string[];
}

/** Users by name with what makes them complete (a role and a post row). */
async function usersOf(platform: FaultPlatform, names: string[]) {
  if (!names.length) return new Map<string, { rows: number; roles: number; posts: number }>();
  const rows = await platform.sql<{ user_name: string; n: number; roles: number; posts: number }>(
    `SELECT u.user_name, COUNT(DISTINCT u.user_id) AS n,
            COUNT(DISTINCT r.role_id) AS roles, COUNT(DISTINCT p.post_id) AS posts
       FROM sys_user u
       LEFT JOIN sys_user_role r ON r.user_id = u.user_id
       LEFT JOIN sys_user_post p ON p.user_id = u.user_id
      WHERE u.user_name IN (?) AND u.del_flag = '0'
      GROUP BY u.user_name`,
    [names],
  );
  return new Map(
    rows.map((row) => [
      row.user_name,
      { rows: Number(row.n), roles: Number(row.roles), posts: Number(row.posts) },
    ]),
  );
}

/**
 * After the platform serves again: sends every refused write again with its own key (until it is
 * answered), then checks the database.
 */
export async function checkIntegrity(
  platform: FaultPlatform,
  token: string,
  writes: WriteRecord[],
): Promise<Integrity> {
  const refused = writes.filter((write) => !write.acknowledged);
  const problems: string[] = [];
  // 503 promises that nothing was done: before any retry, none of those writes may exist.
  const unavailable = refused.filter((write) => write.answer.startsWith('503 '));
  const doneAnyway = await usersOf(
    platform,
    unavailable.map((write) => write.userName),
  );
  for (const name of doneAnyway.keys()) problems.push(`${name}: answered 503, but created`);
  const unavailableChecked = unavailable.map((write) => ({
    userName: write.userName,
    present: doneAnyway.has(write.userName),
  }));
  const alreadyExists = new Set<string>();
  for (const write of refused) {
    let answer: Answer | undefined;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      answer = await call(platform.baseUrl, 'POST', '/system/user', {
        token,
        body: write.body,
        key: write.key,
      });
      if (![0, 409, 503, 504].includes(answer.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (answer?.code !== 200 && /already exists|已存在/.test(answer?.msg ?? '')) {
      alreadyExists.add(write.userName);
    } else if (answer?.code !== 200) {
      problems.push(
        `${write.userName}: retry with its key answered ${answer?.status} ${answer?.msg}`,
      );
    }
  }
  const users = await usersOf(
    platform,
    writes.map((write) => write.userName),
  );
  let acknowledgedComplete = 0;
  let refusedOnceAfterRetry = 0;
  for (const write of writes) {
    const user = users.get(write.userName);
    if (!user) {
      problems.push(
        `${write.userName}: missing (${write.acknowledged ? 'acknowledged' : 'retried'})`,
      );
      continue;
    }
    if (user.rows !== 1) problems.push(`${write.userName}: ${user.rows} rows`);
    else if (user.roles !== 1 || user.posts !== 1) {
      problems.push(`${write.userName}: incomplete (roles ${user.roles}, posts ${user.posts})`);
    } else if (write.acknowledged) acknowledgedComplete += 1;
    else refusedOnceAfterRetry += 1;
  }
  return {
    acknowledged: writes.length - refused.length,
    acknowledgedComplete,
    refused: refused.length,
    unavailable: unavailableChecked,
    unavailableAbsent: unavailable.length - doneAnyway.size,
    refusedOnceAfterRetry,
    notReplayed: [...alreadyExists].filter((name) => users.get(name)?.rows === 1).length,
    problems,
  };
}
