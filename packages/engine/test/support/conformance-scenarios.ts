import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  BasicAuthInterceptor,
  Client,
  File,
  type Task,
  Variables,
} from 'camunda-external-task-client-js';

import type { Answer, Recorder } from './conformance-recorder';

// The REST calls the platform and its agent workers make (shared/ENGINE.md §2 and
// CamundaRestClient), each scenario a short story told to one engine. The suite runs every scenario
// on both engines and compares what they answered, field by field.

export interface Scenario {
  name: string;
  run(r: Recorder): Promise<void>;
}

const FIXTURES = join(__dirname, '..', 'fixtures');

/**
 * A BPMN fixture of test/fixtures under this run's names: process ids `conf_x` become `rc<tag>_x`,
 * topics and message names get the same prefix, so that nothing meets another test's instances.
 */
function fixture(r: Recorder, name: string, use = 'x'): { key: string; xml: string } {
  const xml = readFileSync(join(FIXTURES, `${name}.bpmn`), 'utf8')
    .replace(/<bpmn:process id="conf_/g, `<bpmn:process id="rc${r.tag}_${use}_`)
    .replace(/camunda:topic="/g, `camunda:topic="rc${r.tag}-${use}-`)
    .replace(/<bpmn:message id="(\w+)" name="conf-/g, `<bpmn:message id="$1" name="rc${r.tag}-`);
  const key = /<bpmn:process id="([^"]+)"/.exec(xml)![1];
  return { key, xml };
}

/** A topic of a fixture used as `fixture(r, name, use)`. */
const fixtureTopic = (r: Recorder, use: string, topic: string) => `rc${r.tag}-${use}-${topic}`;

/** A process of external tasks in sequence: start → tasks… → end. */
function sequence(key: string, tasks: { id: string; topic: string }[], name?: string): string {
  const nodes = ['start', ...tasks.map((t) => t.id), 'end'];
  const flows = nodes
    .slice(1)
    .map((to, i) => `<bpmn:sequenceFlow id="f${i}" sourceRef="${nodes[i]}" targetRef="${to}" />`)
    .join('\n    ');
  const taskXml = tasks
    .map(
      (t) =>
        `<bpmn:serviceTask id="${t.id}" name="Task ${t.id}" camunda:type="external" camunda:topic="${t.topic}" />`,
    )
    .join('\n    ');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}"${name ? ` name="${name}"` : ''} isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start" />
    ${taskXml}
    <bpmn:endEvent id="end" />
    ${flows}
  </bpmn:process>
</bpmn:definitions>`;
}

async function deploy(r: Recorder, key: string, xml: string): Promise<void> {
  const res = await r.request(
    'POST',
    '/deployment/create',
    r.deployForm(key, { [`${key}.bpmn`]: xml }),
  );
  if (res.status !== 200)
    throw new Error(`deploying ${key}: ${res.status} ${JSON.stringify(res.body)}`);
}

interface Instance {
  id: string;
}

interface Link {
  userId: string | null;
  groupId: string | null;
}

async function start(
  r: Recorder,
  key: string,
  name: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const res = await r.request<Instance>('POST', `/process-definition/key/${key}/start`, body);
  if (res.status !== 200)
    throw new Error(`starting ${key}: ${res.status} ${JSON.stringify(res.body)}`);
  r.name(res.body.id, name);
  return res.body.id;
}

interface LockedTask {
  id: string;
  processInstanceId: string;
  activityId: string;
  businessKey: string;
}

const lockBody = (topic: string, workerId: string, extra: Record<string, unknown> = {}) => ({
  workerId,
  maxTasks: 1,
  usePriority: true,
  topics: [{ topicName: topic, lockDuration: 60_000, ...extra }],
});

/** Locks the next task of `topic` (no long polling) and names it; fails when there is none. */
async function lock(
  r: Recorder,
  topic: string,
  workerId: string,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<LockedTask> {
  const res = await r.request<LockedTask[]>(
    'POST',
    '/external-task/fetchAndLock',
    lockBody(topic, workerId, extra),
  );
  const [task] = res.body;
  if (res.status !== 200 || !task) {
    throw new Error(`no task of ${topic} to lock: ${res.status} ${JSON.stringify(res.body)}`);
  }
  r.name(task.id, name);
  return task;
}

async function complete(r: Recorder, taskId: string, workerId: string, variables = {}) {
  const res = await r.request('POST', `/external-task/${taskId}/complete`, { workerId, variables });
  if (res.status !== 204) throw new Error(`completing ${taskId}: ${res.status}`);
}

interface ParseError {
  type: string;
  code: number | null;
  message: string;
  details?: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The history of one instance's activities, in an order both engines agree on. */
function activities(r: Recorder, step: string, instanceId: string): Promise<Answer> {
  return r.call(
    step,
    'GET',
    `/history/activity-instance?processInstanceId=${instanceId}`,
    undefined,
    {
      sort: (a: Activity, b: Activity) =>
        a.activityId.localeCompare(b.activityId) ||
        Number(a.canceled) - Number(b.canceled) ||
        Number(a.endTime === null) - Number(b.endTime === null),
    },
  );
}

interface Activity {
  activityId: string;
  canceled: boolean;
  endTime: string | null;
}

/** Every variable type the REST API documents for start, complete and correlate. */
const TYPED_VARIABLES = {
  text: { value: 'hello', type: 'String' },
  count: { value: 42, type: 'Integer' },
  big: { value: 2 ** 40, type: 'Long' },
  ratio: { value: 0.75, type: 'Double' },
  flag: { value: true, type: 'Boolean' },
  doc: { value: '{"a":[1,"x"],"b":null}', type: 'Json' },
  when: { value: '2024-01-02T03:04:05.678+0000', type: 'Date' },
  nothing: { value: null, type: 'Null' },
  untyped: { value: 'no type given' },
};

export const SCENARIOS: Scenario[] = [
  {
    name: 'deployment with duplicate filtering',
    async run(r) {
      const key = `rc${r.tag}_deploy`;
      const topic = `rc${r.tag}-deploy`;
      const first = sequence(key, [{ id: 'work', topic }], 'Deploy me');
      const changed = sequence(key, [{ id: 'work', topic }], 'Deploy me again');
      const form = (xml: string) =>
        r.deployForm(
          key,
          { [`${key}.bpmn`]: xml },
          { duplicateFiltering: true, source: 'platform' },
        );
      const d1 = await r.request<{
        id: string;
        deployedProcessDefinitions: Record<string, unknown>;
      }>('POST', '/deployment/create', form(first));
      r.name(d1.body.id, 'deployment1');
      r.name(Object.keys(d1.body.deployedProcessDefinitions ?? {})[0], 'definition1');
      r.record('first deployment', d1);
      await r.call('the same resources again: filtered', 'POST', '/deployment/create', form(first));
      const d3 = await r.request<{
        id: string;
        deployedProcessDefinitions: Record<string, unknown>;
      }>('POST', '/deployment/create', form(changed));
      r.name(d3.body.id, 'deployment3');
      r.name(Object.keys(d3.body.deployedProcessDefinitions ?? {})[0], 'definition2');
      r.record('a changed resource', d3);
      await r.call('definition by key: the latest', 'GET', `/process-definition/key/${key}`);
      const xml = await r.request<{ id: string; bpmn20Xml: string }>(
        'GET',
        `/process-definition/key/${key}/xml`,
      );
      r.note('definition XML by key', {
        status: xml.status,
        id: xml.body.id,
        same: xml.body.bpmn20Xml === changed,
      });
      await r.call('deployment by id', 'GET', `/deployment/${d1.body.id}`);
      const broken = await r.request<ParseError>(
        'POST',
        '/deployment/create',
        r.deployForm(`${key}_broken`, { 'broken.bpmn': '<bpmn:definitions><oops' }),
      );
      r.note('unparsable XML', {
        status: broken.status,
        type: broken.body.type,
        code: broken.body.code,
        message: broken.body.message.slice(0, broken.body.message.indexOf("'.") + 2),
      });
      const invalid = await r.request<ParseError>(
        'POST',
        '/deployment/create',
        r.deployForm(`${key}_invalid`, {
          'invalid.bpmn': first.replace('targetRef="end"', 'targetRef="nowhere"'),
        }),
      );
      r.note('a flow to nowhere', {
        status: invalid.status,
        type: invalid.body.type,
        code: invalid.body.code,
        message: invalid.body.message.slice(0, invalid.body.message.indexOf('Errors:') + 7),
        resources: Object.keys(invalid.body.details ?? {}),
      });
      const plain = await r.request<{ deployedProcessDefinitions: Record<string, unknown> }>(
        'POST',
        '/deployment/create',
        r.deployForm(`${key}_ttl`, {
          'ttl.bpmn': sequence(`${key}_ttl`, [{ id: 'work', topic }]).replace(
            ' camunda:historyTimeToLive="P1D"',
            '',
          ),
        }),
      );
      r.note('no history time to live: the configured 180 days', {
        status: plain.status,
        definitions: Object.values(plain.body.deployedProcessDefinitions ?? {}),
      });
    },
  },

  {
    name: 'a pinned definition version, and deleting deployments',
    async run(r) {
      const key = `rc${r.tag}_versions`;
      const topic = `rc${r.tag}-versions`;
      const v1 = await r.request<{
        id: string;
        deployedProcessDefinitions: Record<string, unknown>;
      }>(
        'POST',
        '/deployment/create',
        r.deployForm(key, { [`${key}.bpmn`]: sequence(key, [{ id: 'work', topic }], 'One') }),
      );
      const v1Definition = Object.keys(v1.body.deployedProcessDefinitions)[0];
      r.name(v1.body.id, 'deployment1');
      r.name(v1Definition, 'definition1');
      const v2 = await r.request<{
        id: string;
        deployedProcessDefinitions: Record<string, unknown>;
      }>(
        'POST',
        '/deployment/create',
        r.deployForm(key, { [`${key}.bpmn`]: sequence(key, [{ id: 'work', topic }], 'Two') }),
      );
      r.name(v2.body.id, 'deployment2');
      r.name(Object.keys(v2.body.deployedProcessDefinitions)[0], 'definition2');
      await r.call('definition by id', 'GET', `/process-definition/${v1Definition}`);
      const pinned = await r.call<Instance>(
        'start version 1 by its id',
        'POST',
        `/process-definition/${v1Definition}/start`,
        {
          businessKey: 'pinned',
        },
      );
      r.name(pinned.body.id, 'pinned');
      await r.call('its instance', 'GET', `/process-instance/${pinned.body.id}`);
      await r.call('an unknown definition', 'GET', '/process-definition/nope');
      await r.call('start an unknown definition', 'POST', '/process-definition/nope/start', {});
      await r.call(
        'delete a deployment with a running instance',
        'DELETE',
        `/deployment/${v1.body.id}`,
      );
      await r.call(
        'delete it with its instances',
        'DELETE',
        `/deployment/${v1.body.id}?cascade=true`,
      );
      await r.call('the deployment is gone', 'GET', `/deployment/${v1.body.id}`);
      await r.call('so is the instance', 'GET', `/process-instance/${pinned.body.id}`);
      await r.call(
        'and its history',
        'GET',
        `/history/process-instance?processInstanceId=${pinned.body.id}`,
      );
      await r.call('version 2 is the latest', 'GET', `/process-definition/key/${key}`);
      await r.call('delete an unknown deployment', 'DELETE', '/deployment/nope');
      const version = await r.request<Record<string, unknown>>('GET', '/version');
      r.note('the version answers', { status: version.status, fields: Object.keys(version.body) });
    },
  },

  {
    name: 'start by key with variables and a business key',
    async run(r) {
      const key = `rc${r.tag}_start`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic: `rc${r.tag}-start` }]));
      const started = await r.request<Instance>('POST', `/process-definition/key/${key}/start`, {
        businessKey: 'order-1',
        variables: TYPED_VARIABLES,
        withVariablesInReturn: true,
      });
      r.name(started.body.id, 'instance');
      r.record('start with every variable type', started);
      const id = started.body.id;
      await r.call('the running instance', 'GET', `/process-instance/${id}`);
      await r.call(
        'its variables',
        'GET',
        `/process-instance/${id}/variables?deserializeValues=false`,
      );
      await r.call('its history', 'GET', `/history/process-instance?processInstanceId=${id}`);
      await r.call('its external task', 'GET', `/external-task?processInstanceId=${id}`);
      await r.call('a start without a body', 'POST', `/process-definition/key/${key}/start`, {});
      await r.call('unknown key', 'POST', `/process-definition/key/${key}_nope/start`, {});
      await r.call(
        'a value that is not of its type',
        'POST',
        `/process-definition/key/${key}/start`,
        {
          variables: { n: { value: 'abc', type: 'Integer' } },
        },
      );
      await r.call('an unknown type', 'POST', `/process-definition/key/${key}/start`, {
        variables: { n: { value: 'abc', type: 'Lizard' } },
      });
    },
  },

  {
    name: 'fetch and lock with long polling',
    async run(r) {
      const key = `rc${r.tag}_poll`;
      const topic = `rc${r.tag}-poll`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic }]));
      let started = Date.now();
      await r.call(
        'nothing to fetch: waits asyncResponseTimeout',
        'POST',
        '/external-task/fetchAndLock',
        {
          ...lockBody(topic, 'w1'),
          asyncResponseTimeout: 1000,
        },
      );
      r.note('waited about a second', Date.now() - started >= 900);

      started = Date.now();
      const polling = r.request<LockedTask[]>('POST', '/external-task/fetchAndLock', {
        ...lockBody(topic, 'w1'),
        asyncResponseTimeout: 20_000,
      });
      await sleep(300);
      await start(r, key, 'instance1', {
        businessKey: 'bk-1',
        variables: { a: { value: 'A', type: 'String' }, b: { value: 2, type: 'Integer' } },
      });
      const woken = await polling;
      r.name(woken.body[0]?.id, 'task1');
      r.record('a waiting poll gets the new task', woken);
      r.note('answered before its timeout', Date.now() - started < 10_000);

      await start(r, key, 'instance2', {
        businessKey: 'bk-2',
        variables: { a: { value: 'A2', type: 'String' }, b: { value: 3, type: 'Integer' } },
      });
      const filtered = await r.call<LockedTask[]>(
        'only the variables asked for',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w2', { variables: ['a'] }),
      );
      r.name(filtered.body[0]?.id, 'task2');
      const task2 = filtered.body[0].id;
      await r.call(
        'locked tasks of the topic',
        'GET',
        `/external-task?topicName=${topic}&locked=true`,
        undefined,
        {
          sort: (a: LockedTask, b: LockedTask) => a.businessKey.localeCompare(b.businessKey),
        },
      );
      await r.call(
        'a locked topic has nothing more',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w3'),
      );
      await r.call('extend the lock', 'POST', `/external-task/${task2}/extendLock`, {
        workerId: 'w2',
        newDuration: 120_000,
      });
      await r.call('extend by another worker', 'POST', `/external-task/${task2}/extendLock`, {
        workerId: 'w9',
        newDuration: 120_000,
      });
      await r.call('complete by another worker', 'POST', `/external-task/${task2}/complete`, {
        workerId: 'w9',
      });
      await r.call(
        'unlock (no body, as the client sends it)',
        'POST',
        `/external-task/${task2}/unlock`,
      );
      await r.call('the unlocked task', 'GET', `/external-task/${task2}`);
      const again = await r.call<LockedTask[]>(
        'fetched again by another worker',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w3'),
      );
      await r.call('fetch without a worker id', 'POST', '/external-task/fetchAndLock', {
        maxTasks: 1,
        topics: [{ topicName: topic, lockDuration: 1000 }],
      });
      await r.call('complete', 'POST', `/external-task/${again.body[0].id}/complete`, {
        workerId: 'w3',
      });
      await complete(r, woken.body[0].id, 'w1');
      await r.call(
        'both instances done',
        'GET',
        `/history/process-instance?processDefinitionKey=${key}&sortBy=businessKey&sortOrder=asc`,
      );
    },
  },

  {
    name: 'complete with every variable type the worker sends',
    async run(r) {
      const key = `rc${r.tag}_types`;
      const [topicA, topicB] = [`rc${r.tag}-types-a`, `rc${r.tag}-types-b`];
      await deploy(
        r,
        key,
        sequence(key, [
          { id: 'produce', topic: topicA },
          { id: 'consume', topic: topicB },
        ]),
      );
      const id = await start(r, key, 'instance');
      const dir = mkdtempSync(join(tmpdir(), 'rc-file-'));
      const path = join(dir, 'notes.txt');
      writeFileSync(path, 'antibody notes\n');
      const seen: { typed?: Record<string, unknown>; file?: string; variables?: Answer } = {};
      const client = new Client({
        baseUrl: r.engine.url,
        workerId: 'types-worker',
        maxTasks: 1,
        interval: 50,
        asyncResponseTimeout: 1000,
        lockDuration: 60_000,
        interceptors: new BasicAuthInterceptor({
          username: r.engine.auth.user,
          password: r.engine.auth.password!,
        }),
      });
      const done = new Promise<void>((resolve, reject) => {
        client.subscribe(topicA, async ({ task, taskService }) => {
          try {
            const file = await new File({
              localPath: path,
              mimetype: 'text/plain',
              encoding: 'utf-8',
            }).load();
            const variables = new Variables().setAll({
              text: 'hello',
              count: 42,
              big: 2 ** 40,
              ratio: 0.75,
              flag: false,
              doc: { a: [1, 'x'], nested: { ok: true } },
              when: new Date('2024-01-02T03:04:05.678Z'),
              nothing: null,
              notes: file,
            });
            await taskService.complete(task, variables);
          } catch (error) {
            reject(error);
          }
        });
        client.subscribe(topicB, async ({ task, taskService }) => {
          try {
            seen.typed = describeTyped(task);
            const notes = task.variables.get('notes') as InstanceType<typeof File>;
            seen.file = String((await notes.load()).content);
            seen.variables = await r.request(
              'GET',
              `/process-instance/${task.processInstanceId}/variables?deserializeValues=false`,
            );
            await taskService.complete(task);
            resolve();
          } catch (error) {
            reject(error);
          }
        });
      });
      try {
        await Promise.race([
          done,
          sleep(30_000).then(() => Promise.reject(new Error('the worker did not finish'))),
        ]);
      } finally {
        client.stop();
        rmSync(dir, { recursive: true, force: true });
        // The stopped client's last poll ends at its asyncResponseTimeout.
        await sleep(1200);
      }
      r.note('what the next worker reads', seen.typed);
      r.note('the file it loads', seen.file);
      r.record('the instance variables over REST', seen.variables!);
      await r.call('finished', 'GET', `/history/process-instance?processInstanceId=${id}`);
    },
  },

  {
    name: 'failure with retries and a retry timeout',
    async run(r) {
      const key = `rc${r.tag}_retry`;
      const topic = `rc${r.tag}-retry`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic }]));
      await start(r, key, 'instance');
      const task = await lock(r, topic, 'w1', 'task');
      await r.call('failure by another worker', 'POST', `/external-task/${task.id}/failure`, {
        workerId: 'w2',
        errorMessage: 'not mine',
        retries: 1,
        retryTimeout: 0,
      });
      await r.call(
        'failure with 2 retries left, retry in 2.5 s',
        'POST',
        `/external-task/${task.id}/failure`,
        {
          workerId: 'w1',
          errorMessage: 'model timed out',
          errorDetails: 'stack trace\n  at agent',
          retries: 2,
          retryTimeout: 2500,
        },
      );
      // The engine set the retry time before it answered: 2.6 s from now is past it.
      const failedAt = Date.now();
      await r.call('the failed task', 'GET', `/external-task/${task.id}`);
      await r.call(
        'not fetchable before the retry timeout',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w2'),
      );
      await sleep(Math.max(0, failedAt + 2600 - Date.now()));
      const again = await r.call<LockedTask[]>(
        'fetchable after it, with the error',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w2'),
      );
      await complete(r, again.body[0].id, 'w2');
      await r.call(
        'completed after the retry',
        'GET',
        `/history/process-instance?processDefinitionKey=${key}`,
      );
    },
  },

  {
    name: 'an incident at retries 0, resolved by setting retries',
    async run(r) {
      const key = `rc${r.tag}_incident`;
      const topic = `rc${r.tag}-incident`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic }]));
      const id = await start(r, key, 'instance');
      const task = await lock(r, topic, 'w1', 'task');
      await r.call('failure with no retries left', 'POST', `/external-task/${task.id}/failure`, {
        workerId: 'w1',
        errorMessage: 'invalid antibody sequence',
        errorDetails: 'details',
        retries: 0,
        retryTimeout: 0,
      });
      const incidents = await r.request<{ id: string }[]>(
        'GET',
        `/incident?processInstanceId=${id}`,
      );
      r.name(incidents.body[0]?.id, 'incident');
      await r.call('the incident', 'GET', `/incident?processInstanceId=${id}`);
      await r.call('the task has no retries', 'GET', `/external-task?processInstanceId=${id}`);
      await r.call(
        'tasks without retries',
        'GET',
        `/external-task?noRetriesLeft=true&topicName=${topic}`,
      );
      await r.call(
        'an incident is not fetched',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w2'),
      );
      await r.call(
        'the instance stays active',
        'GET',
        `/history/process-instance?processInstanceId=${id}`,
      );
      await r.call('set retries', 'PUT', `/external-task/${task.id}/retries`, { retries: 2 });
      await r.call('the incident is resolved', 'GET', `/incident?processInstanceId=${id}`);
      const again = await r.call<LockedTask[]>(
        'fetchable again',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w2'),
      );
      await complete(r, again.body[0].id, 'w2');
      await r.call('set retries of an unknown task', 'PUT', '/external-task/nope/retries', {
        retries: 1,
      });
      await r.call('negative retries', 'PUT', `/external-task/${task.id}/retries`, { retries: -1 });
    },
  },

  {
    name: 'a BPMN error caught by a boundary event',
    async run(r) {
      const { key, xml } = fixture(r, 'boundary-error', 'error');
      await deploy(r, key, xml);
      const id = await start(r, key, 'instance');
      const task = await lock(r, fixtureTopic(r, 'error', 'err-risky'), 'w1', 'risky');
      await r.call(
        'a BPMN error from another worker',
        'POST',
        `/external-task/${task.id}/bpmnError`,
        {
          workerId: 'w2',
          errorCode: 'E_BAD_INPUT',
        },
      );
      await r.call('a BPMN error with a variable', 'POST', `/external-task/${task.id}/bpmnError`, {
        workerId: 'w1',
        errorCode: 'E_BAD_INPUT',
        errorMessage: 'input rejected',
        variables: { reason: { value: 'bad', type: 'String' } },
      });
      await r.call('the handler task', 'GET', `/external-task?processInstanceId=${id}`);
      await r.call(
        'the variables',
        'GET',
        `/process-instance/${id}/variables?deserializeValues=false`,
      );
      const handle = await lock(r, fixtureTopic(r, 'error', 'err-handle'), 'w1', 'handle');
      await complete(r, handle.id, 'w1');
      await activities(r, 'the path taken', id);
      await r.call('the instance', 'GET', `/history/process-instance?processInstanceId=${id}`);
    },
  },

  {
    name: 'messages: correlation to a waiting instance and message start',
    async run(r) {
      const message = fixture(r, 'message', 'message');
      const kickoff = fixture(r, 'message-start', 'message');
      await deploy(r, message.key, message.xml);
      await deploy(r, kickoff.key, kickoff.xml);
      const approved = `rc${r.tag}-approved`;
      const waiting = await start(r, message.key, 'waiting', { businessKey: 'order-7' });
      await r.call('no match', 'POST', '/message', { messageName: approved, businessKey: 'nope' });
      await r.call('correlate by business key', 'POST', '/message', {
        messageName: approved,
        businessKey: 'order-7',
        processVariables: { approvedBy: { value: 'alice', type: 'String' } },
      });
      await r.call('the instance went on', 'GET', `/external-task?processInstanceId=${waiting}`);
      await r.call(
        'its variables',
        'GET',
        `/process-instance/${waiting}/variables?deserializeValues=false`,
      );
      await r.call('again: nothing waits', 'POST', '/message', {
        messageName: approved,
        businessKey: 'order-7',
      });

      const second = await start(r, message.key, 'second');
      await r.call('correlate with the result', 'POST', '/message', {
        messageName: approved,
        processInstanceId: second,
        resultEnabled: true,
      });
      await start(r, message.key, 'third');
      await start(r, message.key, 'fourth');
      await r.call('two waiting: not unique', 'POST', '/message', { messageName: approved });
      await r.call('two waiting: all', 'POST', '/message', { messageName: approved, all: true });

      const started = await r.request<{ processInstance: { id: string } }[]>('POST', '/message', {
        messageName: `rc${r.tag}-kickoff`,
        businessKey: 'kick-1',
        resultEnabled: true,
        processVariables: { payload: { value: '{"a":1}', type: 'Json' } },
      });
      r.name(started.body[0]?.processInstance?.id, 'started');
      r.record('message start', started);
      await r.call(
        'the started instance',
        'GET',
        `/process-instance/${started.body[0].processInstance.id}/variables?deserializeValues=false`,
      );
      await r.call('message without a name', 'POST', '/message', {});
    },
  },

  {
    name: 'user tasks',
    async run(r) {
      const { key, xml } = fixture(r, 'user-task', 'user');
      await deploy(r, key, xml);
      const id = await start(r, key, 'instance', { businessKey: 'review-1' });
      const tasks = await r.request<{ id: string }[]>('GET', `/task?processInstanceId=${id}`);
      r.name(tasks.body[0]?.id, 'task');
      await r.call('the user task', 'GET', `/task?processInstanceId=${id}`);
      await r.call('by assignee', 'GET', `/task?assignee=demo&processDefinitionKey=${key}`);
      await r.call(
        'complete with variables in return',
        'POST',
        `/task/${tasks.body[0].id}/complete`,
        {
          variables: { decision: { value: 'accept', type: 'String' } },
          withVariablesInReturn: true,
        },
      );
      await r.call('no task left', 'GET', `/task?processInstanceId=${id}`);
      await r.call('the next step', 'GET', `/external-task?processInstanceId=${id}`);
      await r.call('complete an unknown task', 'POST', '/task/nope/complete', {});
      await activities(r, 'history', id);
    },
  },

  {
    // People's tasks: candidates, claim, transfer, delegate and resolve, and the task history the
    // platform's to-do and done lists read (the workflow service's /bpm/task calls).
    name: "people's tasks: candidates, claim, assignee, delegation, history",
    async run(r) {
      const { key, xml } = fixture(r, 'approval', 'people');
      await deploy(r, key, xml);
      const id = await start(r, key, 'instance');
      const tasks = await r.request<{ id: string }[]>('GET', `/task?processInstanceId=${id}`);
      const task = tasks.body[0].id;
      r.name(task, 'task');
      const user = (name: string) => `rc${r.tag}${name}`;
      await r.call('the new task', 'GET', `/task/${task}`);
      await r.call('its history while open', 'GET', `/history/task?processInstanceId=${id}`);
      await r.call('a candidate user', 'POST', `/task/${task}/identity-links`, {
        userId: user('alice'),
        type: 'candidate',
      });
      await r.call('a candidate group', 'POST', `/task/${task}/identity-links`, {
        groupId: user('hr'),
        type: 'candidate',
      });
      await r.call('a link without a user or group', 'POST', `/task/${task}/identity-links`, {
        type: 'candidate',
      });
      await r.call('its candidates', 'GET', `/task/${task}/identity-links`);
      await r.call('offered to the user', 'GET', `/task?candidateUser=${user('alice')}`);
      await r.call('offered to the group', 'GET', `/task?candidateGroups=${user('hr')},other`);
      await r.call('not offered to another', 'GET', `/task?candidateUser=${user('bob')}`);
      await r.call('claimed', 'POST', `/task/${task}/claim`, { userId: user('alice') });
      await r.call('claimed again by the holder', 'POST', `/task/${task}/claim`, {
        userId: user('alice'),
      });
      await r.call('claimed by another', 'POST', `/task/${task}/claim`, { userId: user('bob') });
      await r.call(
        'a claimed task leaves the candidates',
        'GET',
        `/task?candidateUser=${user('alice')}`,
      );
      await r.call(
        'unless assigned ones are asked for',
        'GET',
        `/task?candidateUser=${user('alice')}&includeAssignedTasks=true`,
      );
      await r.call('the assignee', 'GET', `/task?assignee=${user('alice')}`);
      await r.call(
        'created after',
        'GET',
        `/task?assignee=${user('alice')}&createdAfter=2020-01-01T00:00:00.000%2B0000`,
      );
      await r.call(
        'created after a later time',
        'GET',
        `/task?assignee=${user('alice')}&createdAfter=2099-01-01T00:00:00.000%2B0000`,
      );
      await r.call('delegated', 'POST', `/task/${task}/delegate`, { userId: user('bob') });
      await r.call('the delegated task', 'GET', `/task/${task}`);
      await r.call('its links with assignee and owner', 'GET', `/task/${task}/identity-links`);
      await r.call('only candidates', 'GET', `/task/${task}/identity-links?type=candidate`);
      await r.call('resolved', 'POST', `/task/${task}/resolve`, {});
      await r.call('back with its owner', 'GET', `/task/${task}`);
      await r.call('transferred', 'POST', `/task/${task}/assignee`, { userId: user('carol') });
      await r.call('unclaimed', 'POST', `/task/${task}/unclaim`);
      await r.call('assigned again', 'POST', `/task/${task}/assignee`, { userId: user('carol') });
      await r.call('history of the assignee', 'GET', `/history/task?taskAssignee=${user('carol')}`);
      await r.call('completed', 'POST', `/task/${task}/complete`, {});
      await r.call('the task is gone', 'GET', `/task/${task}`);
      await r.call('its history', 'GET', `/history/task?processInstanceId=${id}&finished=true`);
      for (const [call, method] of [
        ['claim', 'POST'],
        ['unclaim', 'POST'],
        ['assignee', 'POST'],
        ['delegate', 'POST'],
        ['resolve', 'POST'],
        ['identity-links', 'GET'],
        ['identity-links', 'POST'],
      ]) {
        const body = method === 'GET' ? undefined : { userId: user('x') };
        await r.call(`${method} ${call} of an unknown task`, method, `/task/nope/${call}`, body);
      }
      const literal = fixture(r, 'candidates', 'people');
      await deploy(r, literal.key, literal.xml);
      const third = await start(r, literal.key, 'literal');
      const offered = await r.request<{ id: string }[]>('GET', `/task?processInstanceId=${third}`);
      r.name(offered.body[0]?.id, 'literalTask');
      await r.call(
        'candidates drawn in the diagram',
        'GET',
        `/task/${offered.body[0].id}/identity-links`,
        undefined,
        // Operaton keeps a task's links in a hash set: no order to compare.
        {
          sort: (a: Link, b: Link) =>
            `${a.userId}${a.groupId}`.localeCompare(`${b.userId}${b.groupId}`),
        },
      );
      await r.call(
        'offered to a drawn candidate',
        'GET',
        `/task?candidateUser=conf-ben&processInstanceId=${third}`,
      );
      await r.call(
        'offered to a drawn group',
        'GET',
        `/task?candidateGroups=conf-team&processInstanceId=${third}`,
      );
      const second = await start(r, key, 'deleted');
      const open = await r.request<{ id: string }[]>('GET', `/task?processInstanceId=${second}`);
      r.name(open.body[0]?.id, 'deletedTask');
      await r.call('a candidate of the second', 'POST', `/task/${open.body[0].id}/identity-links`, {
        userId: user('dave'),
      });
      await r.call('delete the instance', 'DELETE', `/process-instance/${second}`);
      await r.call('a deleted task', 'GET', `/history/task?processInstanceId=${second}`);
      await r.call('no candidate left', 'GET', `/task?candidateUser=${user('dave')}`);
    },
  },

  {
    // Lists read page by page, as the workflow service's to-do, done and my-processes pages do:
    // firstResult/maxResults, the /count calls, and POST /task with orQueries (assigned to me or
    // offered to me).
    name: 'task lists page by page, with their counts',
    async run(r) {
      const { key, xml } = fixture(r, 'approval', 'pages');
      await deploy(r, key, xml);
      const user = (name: string) => `rc${r.tag}${name}`;
      const tasks: string[] = [];
      const started: string[] = [];
      for (const n of [1, 2, 3]) {
        const id = await start(r, key, `instance${n}`);
        started.push(id);
        const open = await r.request<{ id: string }[]>('GET', `/task?processInstanceId=${id}`);
        tasks.push(open.body[0].id);
        r.name(open.body[0].id, `task${n}`);
        // Distinct creation times: both engines then agree on the order by creation.
        await sleep(20);
      }
      const list = `/task?processDefinitionKey=${key}&sortBy=created&sortOrder=asc`;
      await r.call('page 2 of 3, one per page', 'GET', `${list}&firstResult=1&maxResults=1`);
      await r.call('the last page, short', 'GET', `${list}&firstResult=2&maxResults=2`);
      await r.call('past the end', 'GET', `${list}&firstResult=5&maxResults=2`);
      await r.call('only firstResult', 'GET', `${list}&firstResult=1`);
      await r.call('only maxResults', 'GET', `${list}&maxResults=2`);
      await r.call('their count', 'GET', `/task/count?processDefinitionKey=${key}`);
      await r.call(
        'count by name',
        'GET',
        `/task/count?processDefinitionKey=${key}&nameLike=%25ppro%25`,
      );
      await r.call('assigned to me', 'POST', `/task/${tasks[0]}/assignee`, { userId: user('me') });
      for (const task of tasks.slice(1)) {
        await r.request('POST', `/task/${task}/identity-links`, {
          userId: user('me'),
          type: 'candidate',
        });
      }
      await r.call('claimed by another', 'POST', `/task/${tasks[2]}/claim`, {
        userId: user('other'),
      });
      // As the workflow service asks for a user's to-do (processDefinitionKeyIn, nameLike, orQueries).
      const mine = {
        processDefinitionKeyIn: [key],
        nameLike: '%ppro%',
        orQueries: [{ assignee: user('me'), candidateUser: user('me') }],
        sorting: [{ sortBy: 'created', sortOrder: 'desc' }],
      };
      await r.call('mine: assigned or offered, newest first', 'POST', '/task', mine);
      await r.call('mine, page 2 of 2', 'POST', '/task?firstResult=1&maxResults=1', mine);
      await r.call('mine, counted', 'POST', '/task/count', mine);
      for (const task of tasks) await r.request('POST', `/task/${task}/complete`, {});
      const done = `/history/task?processDefinitionKey=${key}&finished=true&sortBy=startTime&sortOrder=asc`;
      await r.call('done, page 2 of 3', 'GET', `${done}&firstResult=1&maxResults=1`);
      await r.call(
        'done by the other',
        'GET',
        `/history/task/count?processDefinitionKey=${key}&taskAssignee=${user('other')}`,
      );
      await r.call(
        'done, counted',
        'GET',
        `/history/task/count?processDefinitionKey=${key}&finished=true`,
      );
      await r.call(
        'done, counted by name',
        'GET',
        `/history/task/count?processDefinitionKey=${key}&taskNameLike=%25ppro%25`,
      );
      const instances = `/history/process-instance?processDefinitionKey=${key}&sortBy=startTime&sortOrder=asc`;
      await r.call('instances, page 2 of 3', 'GET', `${instances}&firstResult=1&maxResults=1`);
      await r.call(
        'finished instances, counted',
        'GET',
        `/history/process-instance/count?processDefinitionKey=${key}&finished=true`,
      );
      // How my processes settle: the ended ones among the instances still running here.
      await r.call(
        'finished among named instances',
        'GET',
        `/history/process-instance?processInstanceIds=${started[0]},${started[2]}&finished=true&sortBy=startTime&sortOrder=asc`,
      );
    },
  },

  {
    // Comments on a task (the platform's /bpm/task/comment) and the instance's comments.
    name: 'comments on tasks and process instances',
    async run(r) {
      const { key, xml } = fixture(r, 'approval', 'comment');
      await deploy(r, key, xml);
      const id = await start(r, key, 'instance');
      const tasks = await r.request<{ id: string }[]>('GET', `/task?processInstanceId=${id}`);
      const task = tasks.body[0].id;
      r.name(task, 'task');
      const comment = async (step: string, name: string, body: object) => {
        const answer = await r.request<{ id: string }>(
          'POST',
          `/task/${task}/comment/create`,
          body,
        );
        r.name(answer.body.id, name);
        r.record(step, answer);
        // Both engines list comments newest first by time: keep the times apart.
        await sleep(20);
      };
      await comment('with the instance', 'first', { message: '请核对天数', processInstanceId: id });
      await comment('without the instance', 'second', { message: 'Checked.' });
      await r.call('the task comments', 'GET', `/task/${task}/comment`);
      await r.call('the instance comments', 'GET', `/process-instance/${id}/comment`);
      await r.call('the commented task', 'GET', `/task/${task}`);
      await r.call('its history', 'GET', `/history/task?taskId=${task}`);
      await r.call('without a message', 'POST', `/task/${task}/comment/create`, {});
      await r.call('on an unknown task', 'POST', '/task/nope/comment/create', { message: 'x' });
      await r.call('comments of an unknown task', 'GET', '/task/nope/comment');
      await r.call('comments of an unknown instance', 'GET', '/process-instance/nope/comment');
      const done = await r.request('POST', `/task/${task}/complete`, {});
      if (done.status !== 204) throw new Error(`completing ${task}: ${done.status}`);
      await comment('on the completed task', 'third', { message: '已完成', processInstanceId: id });
      await r.call('the completed task comments', 'GET', `/task/${task}/comment`);
      await r.call('the ended instance comments', 'GET', `/process-instance/${id}/comment`);
    },
  },

  {
    name: 'process-instance modification: rerun from a node',
    async run(r) {
      const { key, xml } = fixture(r, 'sequence', 'rerun');
      await deploy(r, key, xml);
      const id = await start(r, key, 'instance', {
        variables: { input: { value: 'v1', type: 'String' } },
      });
      const a = await lock(r, fixtureTopic(r, 'rerun', 'seq-a'), 'w1', 'taskA1');
      await complete(r, a.id, 'w1', { fromA: { value: 1, type: 'Integer' } });
      await r.call(
        'rerun from A: start before A, cancel B',
        'POST',
        `/process-instance/${id}/modification`,
        {
          skipCustomListeners: true,
          skipIoMappings: true,
          instructions: [
            // As the workflow service reruns a mission: what A produced is cleared, and the
            // outputs the run carries are set, where GET …/variables reads them (Operaton sets an
            // instruction's variables that are not `local` in the process instance's scope).
            {
              type: 'startBeforeActivity',
              activityId: 'taskA',
              variables: {
                fromA: { value: null, type: 'Null' },
                carried: { value: '{"result":"earlier"}', type: 'Json' },
              },
            },
            { type: 'cancel', activityId: 'taskB' },
          ],
        },
      );
      await r.call('A waits again', 'GET', `/external-task?processInstanceId=${id}`);
      await r.call(
        'the variables are kept, cleared and carried',
        'GET',
        `/process-instance/${id}/variables?deserializeValues=false`,
      );
      const a2 = await lock(r, fixtureTopic(r, 'rerun', 'seq-a'), 'w1', 'taskA2');
      await complete(r, a2.id, 'w1', { fromA: { value: 2, type: 'Integer' } });
      const b = await lock(r, fixtureTopic(r, 'rerun', 'seq-b'), 'w1', 'taskB');
      await complete(r, b.id, 'w1');
      await activities(r, 'history: A twice, B canceled once', id);
      await r.call('completed', 'GET', `/history/process-instance?processInstanceId=${id}`);
      await r.call('modify an unknown instance', 'POST', '/process-instance/nope/modification', {
        instructions: [{ type: 'startBeforeActivity', activityId: 'taskA' }],
      });
      await r.call('modify an ended instance', 'POST', `/process-instance/${id}/modification`, {
        instructions: [{ type: 'startBeforeActivity', activityId: 'taskA' }],
      });
    },
  },

  {
    name: 'history of instances and activities',
    async run(r) {
      const { key, xml } = fixture(r, 'sequence', 'history');
      await deploy(r, key, xml);
      const done = await start(r, key, 'done', { businessKey: 'h-1' });
      for (const topic of ['seq-a', 'seq-b']) {
        const task = await lock(r, fixtureTopic(r, 'history', topic), 'w1', `${topic}-task`);
        await complete(r, task.id, 'w1');
      }
      const running = await start(r, key, 'running', { businessKey: 'h-2' });
      const q = `processDefinitionKey=${key}`;
      await r.call(
        'all, by business key',
        'GET',
        `/history/process-instance?${q}&sortBy=businessKey&sortOrder=asc`,
      );
      await r.call('finished', 'GET', `/history/process-instance?${q}&finished=true`);
      await r.call('unfinished', 'GET', `/history/process-instance?${q}&unfinished=true`);
      await r.call(
        'by business key',
        'GET',
        `/history/process-instance?${q}&processInstanceBusinessKey=h-2`,
      );
      await r.call(
        'a page',
        'GET',
        `/history/process-instance?${q}&sortBy=businessKey&sortOrder=desc&firstResult=0&maxResults=1`,
      );
      await activities(r, 'activities of the finished one', done);
      await activities(r, 'activities of the running one', running);
      await r.call(
        'unfinished activities',
        'GET',
        `/history/activity-instance?processInstanceId=${running}&unfinished=true`,
      );
      await r.call(
        'by activity type',
        'GET',
        `/history/activity-instance?processInstanceId=${done}&activityType=noneEndEvent`,
      );
      await r.call('bad sort', 'GET', `/history/process-instance?sortBy=nope&sortOrder=asc`);
      await r.call('sort without order', 'GET', `/history/activity-instance?sortBy=startTime`);
    },
  },

  {
    name: 'suspension',
    async run(r) {
      const key = `rc${r.tag}_suspend`;
      const topic = `rc${r.tag}-suspend`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic }]));
      const held = await start(r, key, 'held', { businessKey: 's-1' });
      const idle = await start(r, key, 'idle', { businessKey: 's-2' });
      const task = await lock(r, topic, 'w1', 'heldTask', { businessKey: 's-1' });
      for (const id of [held, idle]) {
        await r.call('suspend', 'PUT', `/process-instance/${id}/suspended`, { suspended: true });
      }
      await r.call('the suspended instance', 'GET', `/process-instance/${idle}`);
      await r.call('its task', 'GET', `/external-task?processInstanceId=${idle}`);
      await r.call('its history', 'GET', `/history/process-instance?processInstanceId=${idle}`);
      await r.call(
        'suspended tasks are not fetched',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w2'),
      );
      await r.call('complete while suspended', 'POST', `/external-task/${task.id}/complete`, {
        workerId: 'w1',
      });
      await r.call('failure while suspended', 'POST', `/external-task/${task.id}/failure`, {
        workerId: 'w1',
        retries: 1,
      });
      await r.call('suspend an unknown instance', 'PUT', '/process-instance/nope/suspended', {
        suspended: true,
      });

      const user = fixture(r, 'user-task', 'suspend');
      const message = fixture(r, 'message', 'suspend');
      await deploy(r, user.key, user.xml);
      await deploy(r, message.key, message.xml);
      const reviewing = await start(r, user.key, 'reviewing');
      const waiting = await start(r, message.key, 'waiting', { businessKey: 's-msg' });
      const [review] = (
        await r.request<{ id: string }[]>('GET', `/task?processInstanceId=${reviewing}`)
      ).body;
      r.name(review.id, 'review');
      for (const id of [reviewing, waiting]) {
        await r.call('suspend', 'PUT', `/process-instance/${id}/suspended`, { suspended: true });
      }
      await r.call('the suspended user task', 'GET', `/task?processInstanceId=${reviewing}`);
      await r.call('complete a suspended user task', 'POST', `/task/${review.id}/complete`, {});
      await r.call('a message to a suspended instance', 'POST', '/message', {
        messageName: `rc${r.tag}-approved`,
        businessKey: 's-msg',
      });
      for (const id of [reviewing, waiting]) {
        await r.call('activate', 'PUT', `/process-instance/${id}/suspended`, { suspended: false });
      }
      await r.call('complete it when active', 'POST', `/task/${review.id}/complete`, {});
      await r.call('the message when active', 'POST', '/message', {
        messageName: `rc${r.tag}-approved`,
        businessKey: 's-msg',
      });
      for (const id of [held, idle]) {
        await r.call('activate', 'PUT', `/process-instance/${id}/suspended`, { suspended: false });
      }
      await r.call('active again', 'GET', `/history/process-instance?processInstanceId=${idle}`);
      await r.call('complete after activation', 'POST', `/external-task/${task.id}/complete`, {
        workerId: 'w1',
      });
      const next = await r.call<LockedTask[]>(
        'fetchable again',
        'POST',
        '/external-task/fetchAndLock',
        lockBody(topic, 'w2'),
      );
      await complete(r, next.body[0].id, 'w2');
    },
  },

  {
    // /bpm/manager/definition suspends and activates a deployed version (issue 29).
    name: 'definition suspension',
    async run(r) {
      const key = `rc${r.tag}_defsuspend`;
      const topic = `rc${r.tag}-defsuspend`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic }]));
      const running = await start(r, key, 'running');
      const id = (await r.request<{ id: string }>('GET', `/process-definition/key/${key}`)).body.id;
      r.name(id, 'definition');
      const state = (step: string, body: object) =>
        r.call(step, 'PUT', `/process-definition/${id}/suspended`, body);
      await state('suspend', { suspended: true, includeProcessInstances: false });
      await r.call('the suspended definition', 'GET', `/process-definition/${id}`);
      await r.call('the latest by key', 'GET', `/process-definition/key/${key}`);
      await r.call('start by id', 'POST', `/process-definition/${id}/start`, {});
      await r.call('start by key', 'POST', `/process-definition/key/${key}/start`, {});
      await r.call('its running instance', 'GET', `/process-instance/${running}`);
      const task = await lock(r, topic, 'w1', 'runningTask');
      await r.call('completed while suspended', 'POST', `/external-task/${task.id}/complete`, {
        workerId: 'w1',
      });
      await state('suspend again', { suspended: true });
      await state('activate', { suspended: false });
      await r.call('active again', 'GET', `/process-definition/${id}`);
      const again = await start(r, key, 'again');
      await state('suspend with its instances', { suspended: true, includeProcessInstances: true });
      await r.call('its instance is suspended', 'GET', `/process-instance/${again}`);
      await r.call('its task is suspended', 'GET', `/external-task?processInstanceId=${again}`);
      await state('activate with its instances', {
        suspended: false,
        includeProcessInstances: true,
      });
      await r.call('its instance is active', 'GET', `/process-instance/${again}`);
      await r.call('suspend an unknown definition', 'PUT', '/process-definition/nope/suspended', {
        suspended: true,
      });

      // Its own message name: the messages scenario's kickoff definition is deployed too.
      const kickoff = fixture(r, 'message-start', 'defsuspend');
      const messageName = `rc${r.tag}-defsuspend-kickoff`;
      await deploy(
        r,
        kickoff.key,
        kickoff.xml.replace(`name="rc${r.tag}-kickoff"`, `name="${messageName}"`),
      );
      const started = (
        await r.request<{ id: string }>('GET', `/process-definition/key/${kickoff.key}`)
      ).body.id;
      r.name(started, 'kickoffDefinition');
      await r.call('suspend the kickoff', 'PUT', `/process-definition/${started}/suspended`, {
        suspended: true,
      });
      await r.call('a message to a suspended start', 'POST', '/message', { messageName });
      await r.call('activate the kickoff', 'PUT', `/process-definition/${started}/suspended`, {
        suspended: false,
      });
      await r.call('the message when active', 'POST', '/message', { messageName });
    },
  },

  {
    name: 'deletion',
    async run(r) {
      const key = `rc${r.tag}_delete`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic: `rc${r.tag}-delete` }]));
      const id = await start(r, key, 'instance', { businessKey: 'd-1' });
      await r.call(
        'delete',
        'DELETE',
        `/process-instance/${id}?skipCustomListeners=true&skipIoMappings=true`,
      );
      await r.call('gone', 'GET', `/process-instance/${id}`);
      await r.call('its task is gone', 'GET', `/external-task?processInstanceId=${id}`);
      await r.call('its history', 'GET', `/history/process-instance?processInstanceId=${id}`);
      await activities(r, 'its activities', id);
      await r.call('delete again', 'DELETE', `/process-instance/${id}`);
      await r.call(
        'delete again, not failing',
        'DELETE',
        `/process-instance/${id}?failIfNotExists=false`,
      );
    },
  },

  {
    name: 'error bodies for unknown ids and bad input',
    async run(r) {
      const key = `rc${r.tag}_errors`;
      await deploy(r, key, sequence(key, [{ id: 'work', topic: `rc${r.tag}-errors` }]));
      const calls: [string, string, string, unknown?][] = [
        ['instance', 'GET', '/process-instance/nope'],
        ['instance variables', 'GET', '/process-instance/nope/variables'],
        ['delete instance', 'DELETE', '/process-instance/nope'],
        ['definition by key', 'GET', '/process-definition/key/nope'],
        ['deployment', 'GET', '/deployment/nope'],
        ['external task', 'GET', '/external-task/nope'],
        ['complete external task', 'POST', '/external-task/nope/complete', { workerId: 'w' }],
        ['failure', 'POST', '/external-task/nope/failure', { workerId: 'w', retries: 1 }],
        ['bpmnError', 'POST', '/external-task/nope/bpmnError', { workerId: 'w', errorCode: 'E' }],
        [
          'extendLock',
          'POST',
          '/external-task/nope/extendLock',
          { workerId: 'w', newDuration: 1000 },
        ],
        ['unlock', 'POST', '/external-task/nope/unlock'],
        ['incidents of an unknown instance', 'GET', '/incident?processInstanceId=nope'],
        [
          'history of an unknown instance',
          'GET',
          '/history/process-instance?processInstanceId=nope',
        ],
        ['tasks of an unknown instance', 'GET', '/task?processInstanceId=nope'],
        ['no such path', 'GET', '/no/such/path'],
      ];
      for (const [step, method, path, body] of calls) await r.call(step, method, path, body);
      // Operaton answers malformed JSON with 400 and either its {type: InvalidRequestException} or
      // Jackson's text/plain message, depending on which exception mapper its JVM picked: the status
      // is what both always share.
      for (const [step, path, body] of [
        ['malformed JSON', `/process-definition/key/${key}/start`, '{"variables": '],
        ['malformed JSON to fetchAndLock', '/external-task/fetchAndLock', '{"workerId"'],
      ]) {
        r.note(step, (await r.request('POST', path, body)).status);
      }
      const unauthenticated = await fetch(`${r.engine.url}/process-instance/nope`);
      r.note('without credentials', {
        status: unauthenticated.status,
        challenge: unauthenticated.headers.get('www-authenticate'),
      });
    },
  },
];

/** What the real client hands a handler, as plain data (dates as text, files by their info). */
function describeTyped(task: Task): Record<string, unknown> {
  const typed = (
    task.variables as unknown as { getAllTyped(): Record<string, TypedValue> }
  ).getAllTyped();
  const out: Record<string, unknown> = {};
  for (const [name, { type, value, valueInfo }] of Object.entries(typed)) {
    let plain: unknown = value;
    if (value instanceof Date) plain = value.toISOString();
    else if (value instanceof File) {
      const { filename, mimetype, encoding } = value as unknown as Record<string, unknown>;
      plain = { filename, mimetype, encoding };
    }
    out[name] = { type, value: plain, valueInfo };
  }
  return out;
}

interface TypedValue {
  type: string;
  value: unknown;
  valueInfo?: Record<string, unknown>;
}
