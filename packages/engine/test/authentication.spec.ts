import {
  CamundaRestClient,
  CamundaRestError,
  engineAuthInterceptor,
} from '@platform/engine-client';
import type { Client, Handler } from 'camunda-external-task-client-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startEngineServer } from '../src';
import { EngineHarness, finished, TEST_AUTH } from './support/engine-harness';

const ONE_TASK = (key: string, topic: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="${key}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="work" />
    <bpmn:serviceTask id="work" camunda:type="external" camunda:topic="${topic}" />
    <bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** Authorization headers that must not get in; `undefined` sends none. */
const REFUSED: { name: string; header: string | undefined }[] = [
  { name: 'no credentials', header: undefined },
  { name: 'a wrong password', header: basic(TEST_AUTH.user, `${TEST_AUTH.password}x`) },
  { name: 'a wrong user name', header: basic('admin', TEST_AUTH.password!) },
  { name: 'an empty password', header: basic(TEST_AUTH.user, '') },
  { name: 'a wrong bearer token', header: `Bearer ${TEST_AUTH.token}x` },
  { name: 'the password as a bearer token', header: `Bearer ${TEST_AUTH.password}` },
  { name: 'the token as the basic password', header: basic(TEST_AUTH.user, TEST_AUTH.token!) },
  { name: 'basic credentials without a colon', header: `Basic ${btoa(TEST_AUTH.password!)}` },
  { name: 'an unknown scheme', header: `Digest ${TEST_AUTH.token}` },
];

describe('authentication of the engine REST API', () => {
  let h: EngineHarness;
  let instanceId: string;
  let taskId: string;
  let deploymentId: string;

  beforeAll(async () => {
    h = await EngineHarness.start();
    deploymentId = (await h.deploy('auth-target', ONE_TASK('auth_target', 'auth-target'))).id;
    instanceId = (await h.client.startProcessInstanceByKey('auth_target', {})).id;
    [{ id: taskId }] = await h.client.externalTasks({ processInstanceId: instanceId });
  });

  afterAll(async () => {
    await h.close();
  });

  /** One request per route the issue names, each one that would change the engine. */
  const routes = () => {
    const form = new FormData();
    form.append('auth.bpmn', new Blob([ONE_TASK('auth_intruder', 'auth-intruder')]), 'auth.bpmn');
    const json = (body: unknown) => ({
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return [
      { name: 'deploy', method: 'POST', path: '/deployment/create', body: form },
      {
        name: 'fetchAndLock',
        method: 'POST',
        path: '/external-task/fetchAndLock',
        ...json({
          workerId: 'intruder',
          maxTasks: 5,
          topics: [{ topicName: 'auth-target', lockDuration: 60_000 }],
        }),
      },
      {
        name: 'complete',
        method: 'POST',
        path: `/external-task/${taskId}/complete`,
        ...json({ workerId: 'intruder' }),
      },
      { name: 'delete instance', method: 'DELETE', path: `/process-instance/${instanceId}` },
      {
        name: 'message',
        method: 'POST',
        path: '/message',
        ...json({ messageName: 'anything', all: true }),
      },
      {
        name: 'delete deployment',
        method: 'DELETE',
        path: `/deployment/${deploymentId}?cascade=true`,
      },
      { name: 'version', method: 'GET', path: '/version' },
      { name: 'an unknown path', method: 'GET', path: '/nothing-here' },
    ];
  };

  it.each(REFUSED)('should answer 401 to every route for $name', async ({ header }) => {
    for (const route of routes()) {
      const headers = new Headers((route as { headers?: HeadersInit }).headers);
      if (header) headers.set('Authorization', header);
      const res = await fetch(`${h.url}${route.path}`, {
        method: route.method,
        headers,
        body: (route as { body?: BodyInit }).body,
      });
      expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: 401 });
      // Operaton's HttpBasicAuthenticationProvider challenge (also when a token is accepted).
      expect(res.headers.get('www-authenticate')).toBe('Basic realm="default"');
      expect(res.headers.get('content-type')).toBe('application/json');
      expect(await res.json()).toMatchObject({ type: 'AuthenticationException' });
    }
    // Nothing a refused request asked for happened.
    expect((await h.client.getProcessInstance(instanceId)).id).toBe(instanceId);
    const [task] = await h.client.externalTasks({ processInstanceId: instanceId });
    expect(task).toMatchObject({ id: taskId, workerId: null });
    expect((await h.client.getDeployment(deploymentId)).id).toBe(deploymentId);
    await expect(h.client.getProcessDefinitionByKey('auth_intruder')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('should let in the right basic credentials and the right bearer token, and no one else', async () => {
    const version = (authorization?: string) =>
      fetch(`${h.url}/version`, { headers: authorization ? { Authorization: authorization } : {} });
    expect((await version(basic(TEST_AUTH.user, TEST_AUTH.password!))).status).toBe(200);
    expect((await version(`Bearer ${TEST_AUTH.token}`)).status).toBe(200);
    // The scheme is case-insensitive (RFC 9110).
    expect((await version(`bearer ${TEST_AUTH.token}`)).status).toBe(200);
    expect((await version()).status).toBe(401);
  });

  it('should give CamundaRestClient a 401 without credentials and an answer with either kind', async () => {
    const anonymous = new CamundaRestClient({ baseUrl: h.url });
    const err = (await anonymous.version().catch((e: unknown) => e)) as CamundaRestError;
    expect(err).toBeInstanceOf(CamundaRestError);
    expect(err).toMatchObject({ status: 401, type: 'AuthenticationException' });

    const byBasic = new CamundaRestClient({
      baseUrl: h.url,
      auth: { user: TEST_AUTH.user, password: TEST_AUTH.password },
    });
    const byToken = new CamundaRestClient({
      baseUrl: h.url,
      auth: { user: TEST_AUTH.user, token: TEST_AUTH.token },
    });
    await expect(byBasic.version()).resolves.toHaveProperty('version');
    await expect(byToken.version()).resolves.toHaveProperty('version');
  });

  /** Resolves with the first poll error of a worker that must not get in. */
  const firstPollError = (worker: Client) =>
    new Promise<{ httpStatusCode?: number }>((resolve) =>
      worker.on('poll:error', (error) => resolve(error as { httpStatusCode?: number })),
    );

  it("should run a process end to end with the external task client's BasicAuthInterceptor", async () => {
    await h.deploy('auth-basic', ONE_TASK('auth_basic', 'auth-basic'));
    const { id } = await h.client.startProcessInstanceByKey('auth_basic', {});
    const handled: string[] = [];
    const handler: Handler = async ({ task, taskService }) => {
      handled.push(task.id);
      await taskService.complete(task);
    };

    const anonymous = h.worker({ workerId: 'auth-anonymous', interceptors: [] });
    const refused = firstPollError(anonymous);
    anonymous.subscribe('auth-basic', handler);
    expect((await refused).httpStatusCode).toBe(401);
    await h.stopWorkers();
    expect(handled).toEqual([]);

    h.worker({ workerId: 'auth-basic' }).subscribe('auth-basic', handler);
    expect((await finished(h.client, id)).state).toBe('COMPLETED');
    await h.stopWorkers();
    expect(handled).toHaveLength(1);
  });

  it('should run a process end to end with a bearer token interceptor', async () => {
    await h.deploy('auth-bearer', ONE_TASK('auth_bearer', 'auth-bearer'));
    const { id } = await h.client.startProcessInstanceByKey('auth_bearer', {});
    let completed = 0;

    const wrong = h.worker({
      workerId: 'auth-wrong-token',
      interceptors: [engineAuthInterceptor({ user: TEST_AUTH.user, token: 'not-the-token' })],
    });
    const refused = firstPollError(wrong);
    wrong.subscribe('auth-bearer', async () => undefined);
    expect((await refused).httpStatusCode).toBe(401);
    await h.stopWorkers();

    const bearer = engineAuthInterceptor({ user: TEST_AUTH.user, token: TEST_AUTH.token });
    expect(bearer({ headers: {} as Record<string, string> }).headers.Authorization).toBe(
      `Bearer ${TEST_AUTH.token}`,
    );
    // The engine ends the process while it answers the complete call, so the history can say
    // COMPLETED before the worker hears back: wait for the worker's own word as well.
    let completedByWorker!: () => void;
    const workerHeardBack = new Promise<void>((resolve) => (completedByWorker = resolve));
    h.worker({ workerId: 'auth-bearer', interceptors: [bearer] }).subscribe(
      'auth-bearer',
      async ({ task, taskService }) => {
        await taskService.complete(task);
        completed++;
        completedByWorker();
      },
    );
    expect((await finished(h.client, id)).state).toBe('COMPLETED');
    await workerHeardBack;
    await h.stopWorkers();
    expect(completed).toBe(1);
  });

  it('should refuse to serve the REST API without a password or a token', async () => {
    await expect(
      startEngineServer({ engine: h.engine, port: 0, auth: { user: TEST_AUTH.user } }),
    ).rejects.toThrow(/ENGINE_PASSWORD.*ENGINE_TOKEN/);
    await expect(
      startEngineServer({ engine: h.engine, port: 0, auth: { user: 'x', password: '' } }),
    ).rejects.toThrow(/ENGINE_PASSWORD/);
  });
});
