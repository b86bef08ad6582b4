// The missions bench's driver, shared by bench/missions (one platform) and bench/scale-out (the
// platform scaled out, with kills): the platform's API as a user calls it, the three-agent workflow of
// trivial agents, the user's socket, and `missionsOf`, which starts missions and follows them on the
// socket. Also the bench's process and clean-up helpers.
import { execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

import Redis from 'ioredis';

const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');
// The WebSocket client and the BPMN builder are the services' own (no second copy in the bench).
const WebSocket = createRequire(join(root, 'services/gateway/package.json'))('ws');
const { buildBpmnXml } = createRequire(join(root, 'packages/bpmn/package.json'))('./dist/index.js');

export const ADMIN_PASSWORD = 'Bench#Admin2026';
export const USER_PASSWORD = 'Bench#User2026';
export const ANTIGEN = 'MKTAYIAKQRQISFVKSHFS';
const ENDED = new Set(['completed', 'error', 'stopped']);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// --- processes -----------------------------------------------------------------------------------

/** Direct children of `pid` (Linux /proc). */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export function redisPid() {
  try {
    return Number(execFileSync('pgrep', ['-o', '-x', 'redis-server']).toString().trim()) || null;
  } catch {
    return null;
  }
}

/** Resolves when none of `pids` runs any more; SIGKILLs what is left after `ms`. */
export async function gone(pids, ms) {
  const alive = () => pids.filter((pid) => existsSync(`/proc/${pid}`));
  const until = Date.now() + ms;
  while (alive().length && Date.now() < until) await sleep(200);
  for (const pid of alive()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // ended meanwhile
    }
  }
}

/** Drops a bench platform's databases (a mysql2 connection `db`) and its namespace's Redis keys. */
export async function dropBenchData(bench, db) {
  for (const name of Object.values(bench.databases)) {
    await db.query(`DROP DATABASE IF EXISTS \`${name}\``);
  }
  const redis = new Redis();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${bench.namespace}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();
}

// --- the platform's API --------------------------------------------------------------------------

/** `call(method, path, token, body, headers)` against the gateway at `base`; throws unless code 200. */
export function client(base) {
  return async function call(method, path, token, body, headers = {}) {
    const res = await fetch(`${base}/prod-api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        lang: 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = await res.json();
    if (json.code !== 200) {
      const error = new Error(
        `${method} ${path}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`,
      );
      error.status = res.status;
      throw error;
    }
    return json;
  };
}

export async function disableCaptcha(bench, db) {
  await db.query(
    `UPDATE \`${bench.databases.identity}\`.sys_config SET config_value = 'false'
      WHERE config_key = 'sys.account.captchaEnabled'`,
  );
  const redis = new Redis();
  await redis.del(`${bench.namespace}:sys_config:sys.account.captchaEnabled`);
  await redis.quit();
}

/** A user as after registration (the default role only), through the sign-up by phone. */
export async function registerUser(call, bench, db) {
  const phone = `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  await call('POST', '/wujie/user/sendSmsCode', null, {
    qu: '+86',
    phonenumber: phone,
    scene: 'register',
  });
  const [rows] = await db.query(
    `SELECT code FROM \`${bench.databases.identity}\`.verification_outbox
      WHERE target = ? ORDER BY id DESC LIMIT 1`,
    [`+86 ${phone}`],
  );
  const registered = await call('POST', '/wujie/user/registerByPhone', null, {
    qu: '86',
    phonenumber: phone,
    code: rows[0].code,
    password: USER_PASSWORD,
  });
  const token = registered.data.token;
  const info = await call('GET', '/getInfo', token);
  return { token, userId: info.data.user.userId, roles: info.data.roles };
}

/**
 * Three agents (one skill: the tool antibody.epitopes, or with `agent` 'function' a trivial sandboxed
 * function), the workflow start → a → b → c → end, online. Returns the workflow's id.
 */
export async function publishWorkflow(call, token, tag, agent = 'tool') {
  const setup = { repeatSubmit: 'false' };
  let skill;
  if (agent === 'function') {
    const name = `bench_${tag}`;
    const fn = await call(
      'POST',
      '/wujie/functions',
      token,
      {
        name,
        tags: ['bench'],
        code: `function ${name}(text) { return { result: 'ok', length: text.length }; }`,
        params: [{ name: 'text', type: 'string', required: false, description: '' }],
      },
      setup,
    );
    skill = await call(
      'POST',
      '/wujie/skill',
      token,
      { name: `bench fn ${tag}`, nameEn: `bench fn ${tag}`, tools: [], functionIds: [fn.data.id] },
      setup,
    );
  } else {
    skill = await call(
      'POST',
      '/wujie/skill',
      token,
      {
        name: `bench tool ${tag}`,
        nameEn: `bench tool ${tag}`,
        tools: ['antibody.epitopes'],
        functionIds: [],
      },
      setup,
    );
  }
  const nodes = [];
  const agentIds = [];
  for (const [i, key] of ['a', 'b', 'c'].entries()) {
    const name = `bench${key}${tag}`;
    const created = await call(
      'POST',
      '/wujie/agent',
      token,
      { name, nameEn: name, skillIds: [skill.data.id] },
      setup,
    );
    agentIds.push(created.data.id);
    nodes.push({
      id: `Task_${key}`,
      type: 'userTask',
      name,
      agent: { nameen: name, type: 'Agent', instruction: 'trivial', output: '', validators: [] },
      x: 100 + i * 150,
      y: 100,
    });
  }
  const key = `bench_${tag}`;
  const spec = {
    id: key,
    name: key,
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 122 },
      ...nodes,
      { id: 'End', type: 'endEvent', x: 600, y: 122 },
    ],
    flows: [],
  };
  const ids = spec.nodes.map((n) => n.id);
  spec.flows = ids.slice(1).map((target, i) => ({ id: `Flow_${i + 1}`, source: ids[i], target }));
  const workflow = await call(
    'POST',
    '/wujie/workflow',
    token,
    { name: `bench ${tag}`, status: '2', agentIds, workflow: buildBpmnXml(spec) },
    setup,
  );
  return workflow.data.id;
}

/** The user's socket (/ws/user) at `port`, the token beside 'platform.user' in the protocol header. */
export function openSocket(port, userId, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/user?userId=${userId}`, [
      'platform.user',
      token,
    ]);
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`socket: HTTP ${res.statusCode}`)),
    );
    ws.once('error', reject);
  });
}

// --- load ----------------------------------------------------------------------------------------

function newPhase() {
  return {
    completed: 0,
    failed: 0,
    lost: 0,
    startErrors: 0,
    startRetries: 0,
    nodeLatency: [],
    startMs: [],
    missionMs: [],
    from: Date.now(),
  };
}

/**
 * Answers worth another try with the same Idempotency-Key: no answer (the connection broke), nothing
 * done or the outcome unknown (5xx), or the first try still in progress (409: its gateway may have
 * died holding the key, which then expires).
 */
const retryable = (error) => !error.status || error.status >= 500 || error.status === 409;

/**
 * Starts missions as one user and follows them on the user's socket(s).
 *
 * `socket`: followed at once; more (a reconnect, a socket on another gateway) with `follow(ws, label)`.
 * `startRetries` > 0: each start carries an Idempotency-Key and is tried again with it (1 s apart)
 * when the answer says nothing was done or the outcome is unknown (a gateway killed mid-request), so
 * a mission is started once however often it is sent. 0 (the missions bench): no key, one try.
 * `timeoutMs`: a mission not ended this long after its start counts as lost.
 */
export function missionsOf({
  call,
  token,
  socket,
  label = 'socket',
  workflowId,
  namePrefix = 'bench',
  startRetries = 0,
  timeoutMs = 120_000,
}) {
  const waiting = new Map();
  const early = new Map();
  let phase = newPhase();
  let seq = 0;
  let pushes = 0;
  /** Every mission this driver started: id → { sent, status, via, endedAt }. */
  const started = new Map();
  /** Ended pushes by the label of the socket that brought them. */
  const endedPushesBy = {};
  /** Mission id → labels of the sockets its ended push arrived on. */
  const deliveredBy = new Map();
  /** Start failures by their message's first words (after retries, or the first try without). */
  const startFailures = [];

  const settle = (id, status, via) => {
    const mission = waiting.get(id);
    if (!mission) {
      if (!started.has(id)) early.set(id, { status, via });
      return;
    }
    waiting.delete(id);
    clearTimeout(mission.timer);
    const record = started.get(id);
    Object.assign(record, { status, via, endedAt: Date.now() });
    phase.missionMs.push(Date.now() - mission.sent);
    if (status === 'completed') phase.completed += 1;
    else phase.failed += 1;
    mission.resolve(status);
  };

  function follow(ws, via) {
    ws.on('message', (data) => {
      const arrived = Date.now();
      let push;
      try {
        push = JSON.parse(String(data));
      } catch {
        return;
      }
      if (push.type !== 'agentStatus') return;
      pushes += 1;
      if (push.event === 'nodeEnded' && push.nodeStatus === 'success') {
        phase.nodeLatency.push(arrived - Date.parse(push.at));
      } else if (push.event !== 'nodeStarted' && ENDED.has(push.status)) {
        endedPushesBy[via] = (endedPushesBy[via] ?? 0) + 1;
        if (!deliveredBy.has(push.missionId)) deliveredBy.set(push.missionId, new Set());
        deliveredBy.get(push.missionId).add(via);
        settle(push.missionId, push.status, via);
      }
    });
  }
  if (socket) follow(socket, label);

  async function send(body, key) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call(
          'POST',
          '/wujie/mission',
          token,
          body,
          key ? { 'idempotency-key': key } : {},
        );
      } catch (error) {
        if (attempt >= startRetries || !retryable(error)) throw error;
        phase.startRetries += 1;
        await sleep(1000);
      }
    }
  }

  async function start() {
    seq += 1;
    const sent = Date.now();
    let id;
    try {
      const res = await send(
        {
          workflowId,
          name: `${namePrefix} ${seq}`,
          inputs: { text: `Predict epitopes (${seq})\n>antigen\n${ANTIGEN}` },
        },
        startRetries > 0 ? randomUUID() : undefined,
      );
      id = res.data.id;
    } catch (error) {
      phase.startErrors += 1;
      startFailures.push({ at: Date.now(), message: error.message });
      if (phase.startErrors === 1) console.error(`  mission start failed: ${error.message}`);
      await sleep(200);
      return 'refused';
    }
    phase.startMs.push(Date.now() - sent);
    started.set(id, { sent, status: null, via: null, endedAt: null });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        phase.lost += 1;
        resolve('lost');
      }, timeoutMs);
      waiting.set(id, { sent, resolve, timer });
      if (early.has(id)) {
        const { status, via } = early.get(id);
        early.delete(id);
        settle(id, status, via);
      }
    });
  }

  /**
   * Asks the API for the status of every mission still waiting and settles those that ended: their
   * ended push went to a socket that was closed at the time (pushes are best effort by design).
   */
  async function sweep() {
    let settled = 0;
    for (const id of [...waiting.keys()]) {
      try {
        const { data } = await call('GET', `/wujie/mission/${id}`, token);
        if (ENDED.has(data.status)) {
          settle(id, data.status, 'api');
          settled += 1;
        }
      } catch {
        // asked again at the next sweep
      }
    }
    return settled;
  }

  return {
    start,
    follow,
    sweep,
    /** Ends the current phase's figures and begins new ones. */
    cut() {
      const ended = { ...phase, to: Date.now() };
      phase = newPhase();
      return ended;
    },
    get pushes() {
      return pushes;
    },
    get open() {
      return waiting.size;
    },
    started,
    endedPushesBy,
    deliveredBy,
    startFailures,
  };
}
