import { randomBytes } from 'node:crypto';

import { identityStarter } from '@platform/identity';
import { operatonMissing, startTestOperaton, type TestOperaton } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ENGINE_WEBAPP_COOKIE } from '../../src/engine/engine-webapp.proxy';
import { as, createUser, unique } from '../admin/helpers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Issue 25, Cockpit by role: through the gateway, engine:ops:view reads and changes nothing, and
// engine:ops:admin also repairs instances (an incident's retries); neither deploys or deletes a
// deployment, which stays the platform's service account's. The real Operaton of deploy/engine behind
// this gateway, asked the way Cockpit asks it (the engine REST API under /operaton/api/engine).

const COCKPIT_MENU = 22;
const ENGINE_OPS_ADMIN_BUTTON = 22001;

const missing = operatonMissing();
if (missing) console.warn(`[engine-webapp-operaton] skipped: ${missing}`);

/** A process with an external task that fails into an incident, then a user task. */
const REPAIR_BPMN = (key: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://platform.example/test">
  <bpmn:process id="${key}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="work" />
    <bpmn:serviceTask id="work" camunda:type="external" camunda:topic="${key}" />
    <bpmn:sequenceFlow id="f2" sourceRef="work" targetRef="review" />
    <bpmn:userTask id="review" name="Review" />
    <bpmn:sequenceFlow id="f3" sourceRef="review" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

/** Cookies the way a browser keeps them for /operaton, plus the gateway's webapp cookie. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  constructor(webappCookie: string) {
    const [name, value] = webappCookie.split('=', 2) as [string, string];
    this.cookies.set(name, value);
  }
  keep(setCookie: string | string[] | undefined): void {
    for (const header of [setCookie ?? []].flat()) {
      const [pair] = header.split(';', 1);
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  get xsrf(): string {
    return this.cookies.get('XSRF-TOKEN') ?? '';
  }
}

describe.skipIf(missing)('Cockpit by role through the gateway (real Operaton)', () => {
  let engine: TestOperaton;
  let stack: TestStack;
  let serviceAccount: string;
  let proxySecret: string;
  const key = `opsRepair${randomBytes(3).toString('hex')}`;
  let deploymentId: string;
  let instanceId: string;
  let externalTaskId: string;

  /** The engine's REST API as its service account (the workflow service's way in). */
  const engineApi = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${engine.url}${path}`, {
      ...init,
      headers: { Authorization: serviceAccount, ...init.headers },
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : await res.json();
  };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  beforeAll(async () => {
    const password = randomBytes(24).toString('base64url');
    proxySecret = randomBytes(32).toString('base64url');
    engine = await startTestOperaton({
      databasePrefix: 't_gw_operaton',
      auth: { user: 'platform', password },
      env: { ENGINE_PROXY_SECRET: proxySecret },
    });
    serviceAccount = `Basic ${Buffer.from(`platform:${password}`).toString('base64')}`;
    stack = await startStack([identityStarter], {
      ENGINE_URL: engine.url,
      ENGINE_PROXY_SECRET: proxySecret,
    });
    await setCaptcha(stack, false);

    const form = new FormData();
    form.append('deployment-name', key);
    form.append('data', new Blob([REPAIR_BPMN(key)]), `${key}.bpmn`);
    deploymentId = (
      (await engineApi('/deployment/create', { method: 'POST', body: form })) as {
        id: string;
      }
    ).id;
    instanceId = (
      (await engineApi(`/process-definition/key/${key}/start`, json({}))) as {
        id: string;
      }
    ).id;
    const [task] = (await engineApi(
      '/external-task/fetchAndLock',
      json({ workerId: 'w', maxTasks: 1, topics: [{ topicName: key, lockDuration: 60_000 }] }),
    )) as { id: string }[];
    externalTaskId = task!.id;
    await engineApi(
      `/external-task/${externalTaskId}/failure`,
      json({ workerId: 'w', errorMessage: 'down', retries: 0, retryTimeout: 0 }),
    );
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
    await engine?.stop();
  }, 60_000);

  /** A console user whose role holds `menuIds`, signed in to the webapps through a ticket. */
  const operator = async (menuIds: number[]) => {
    const admin = as(stack, await login(stack, 'admin', ADMIN_PASSWORD));
    const name = unique('ops');
    const role = await admin.post('/system/role', {
      roleName: name,
      roleKey: name,
      roleSort: 9,
      menuIds,
    });
    expect(role.body.code).toBe(200);
    const user = await createUser(stack, admin, { roleIds: [role.body.data.roleId] });
    const ticket = await as(stack, await user.token()).post('/engine/cockpit/ticket');
    expect(ticket.body.code).toBe(200);
    const sso = await api(stack).get(ticket.body.data.url).expect(302);
    const jar = new CookieJar(String([sso.headers['set-cookie']].flat()[0]).split(';', 1)[0]!);
    expect(jar.header).toContain(`${ENGINE_WEBAPP_COOKIE}=`);
    /** A call as Cockpit makes it: the session's cookies and, for changes, the XSRF token. */
    const cockpit = async (
      method: 'get' | 'put' | 'post' | 'delete',
      path: string,
      body?: object | { file: string; content: string },
    ) => {
      const url = `/operaton/api/engine/engine/default${path}`;
      const agent = api(stack);
      const open = agent[method].bind(agent);
      const req = open(url).set('Cookie', jar.header).set('Accept', 'application/json');
      if (method !== 'get') req.set('X-XSRF-TOKEN', jar.xsrf);
      const res =
        body && 'file' in body
          ? await req.attach('data', Buffer.from(body.content as string), body.file as string)
          : body
            ? await req.send(body)
            : await req;
      jar.keep(res.headers['set-cookie']);
      return res;
    };
    // The first read opens the engine's session and hands out its XSRF token.
    expect((await cockpit('get', '/process-definition')).status).toBe(200);
    return cockpit;
  };

  /** The engine's own refusal (not the webapps' CSRF check, which also answers 403). */
  const expectRefused = (res: { status: number; body: { type?: string } }) => {
    expect(res.status).toBe(403);
    expect(res.body.type).toBe('AuthorizationException');
  };

  const deployThroughCockpit = (cockpit: Awaited<ReturnType<typeof operator>>) =>
    cockpit('post', '/deployment/create', {
      file: 'intruder.bpmn',
      content: REPAIR_BPMN(`${key}Intruder`),
    });

  it('should let engine:ops:view read everything and change nothing', async () => {
    const cockpit = await operator([COCKPIT_MENU]);
    const instances = await cockpit('get', `/process-instance?processDefinitionKey=${key}`);
    expect(instances.status).toBe(200);
    expect(instances.body.map((i: { id: string }) => i.id)).toEqual([instanceId]);
    const incidents = await cockpit('get', `/incident?processInstanceId=${instanceId}`);
    expect(incidents.body).toHaveLength(1);
    expect(
      (await cockpit('get', `/history/process-instance?processInstanceId=${instanceId}`)).status,
    ).toBe(200);
    expect((await cockpit('get', `/deployment/${deploymentId}`)).status).toBe(200);

    expectRefused(await cockpit('delete', `/deployment/${deploymentId}?cascade=true`));
    expectRefused(await cockpit('delete', `/process-instance/${instanceId}`));
    const variable = await cockpit('put', `/process-instance/${instanceId}/variables/approved`, {
      value: true,
      type: 'Boolean',
    });
    expectRefused(variable);
    const retries = await cockpit('put', `/external-task/${externalTaskId}/retries`, {
      retries: 1,
    });
    expectRefused(retries);
    expectRefused(await deployThroughCockpit(cockpit));

    // Nothing changed: the instance, its deployment and its incident are all still there.
    expect(await engineApi(`/process-instance/${instanceId}`)).toMatchObject({ id: instanceId });
    expect(await engineApi(`/incident?processInstanceId=${instanceId}`)).toHaveLength(1);
  });

  it('should let engine:ops:admin retry an incident but not touch deployments', async () => {
    const cockpit = await operator([COCKPIT_MENU, ENGINE_OPS_ADMIN_BUTTON]);
    expectRefused(await cockpit('delete', `/deployment/${deploymentId}?cascade=true`));
    expectRefused(await deployThroughCockpit(cockpit));

    const retries = await cockpit('put', `/external-task/${externalTaskId}/retries`, {
      retries: 1,
    });
    expect(retries.status).toBe(204);
    expect(await engineApi(`/incident?processInstanceId=${instanceId}`)).toEqual([]);
    expect(await engineApi(`/deployment/${deploymentId}`)).toMatchObject({ id: deploymentId });
  });

  it('should take the repair rights away when the level drops, also in an open engine session', async () => {
    // Straight to the engine as the gateway talks to it: the same Tomcat session, first as admin.
    const cookies = new CookieJar('gateway=unused');
    const asProxy = async (
      level: 'admin' | 'view',
      method: string,
      path: string,
      body?: object,
    ) => {
      const res = await fetch(
        `${new URL(engine.url).origin}/operaton/api/engine/engine/default${path}`,
        {
          method,
          headers: {
            Cookie: cookies.header,
            'X-XSRF-TOKEN': cookies.xsrf,
            'X-Platform-User': 'u424242',
            'X-Platform-Groups': level,
            'X-Platform-Proxy-Secret': proxySecret,
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        },
      );
      cookies.keep(res.headers.getSetCookie());
      return res;
    };
    const setVariable = (level: 'admin' | 'view') =>
      asProxy(level, 'PUT', `/process-instance/${instanceId}/variables/checked`, {
        value: level,
        type: 'String',
      });
    expect((await asProxy('admin', 'GET', '/process-definition')).status).toBe(200);
    expect((await setVariable('admin')).status).toBe(204);
    const groupsOf = async () =>
      ((await engineApi('/group?member=u424242')) as { id: string }[]).map((g) => g.id).sort();
    expect(await groupsOf()).toEqual(['platformOpsAdmin', 'platformOpsView']);

    const refused = await setVariable('view');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { type: string }).type).toBe('AuthorizationException');
    expect(await groupsOf()).toEqual(['platformOpsView']);
    // An unknown level is no level at all.
    expect((await asProxy('root' as 'view', 'GET', '/process-definition')).status).toBe(401);
  });
});
