import { CamundaRestClient } from '@platform/engine-client';
import { dropDatabase } from '@platform/nest-common';
import { freePort, mysqlBase } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadWorkflowEnv } from '../../src';
import { EngineConnection } from '../../src/engine/engine-connection';
import {
  agentChain,
  dataOf,
  type StandaloneEngine,
  startStandaloneEngine,
  startWorkflowStack,
  type WorkflowStack,
} from '../support';

// The workflow service's process engine: embedded when ENGINE_URL is unset (its Camunda REST API on
// ENGINE_PORT), a Camunda-compatible engine elsewhere when it is set; models deploy to whichever.
// Either way the REST API requires the credentials of ENGINE_USER/ENGINE_PASSWORD or ENGINE_TOKEN.

const ENGINE_AUTH = {
  user: 'workflow-test',
  password: 'Workflow-test-engine-password-0123456789',
  token: 'workflow-test-engine-token-0123456789abcdef',
};

interface ModelView {
  id: number;
  processDefinitionId: string | null;
  processDefinitionVersion: number | null;
  deployTime: string | null;
}

/**
 * A parallel join behind an exclusive split and merge: on the engine gate's allow-list, but the
 * embedded engine would fire the join early (bpmn-engine #200), so its deploy refuses it.
 */
function joinAfterChoice(key: string): string {
  const flow = (id: string, from: string, to: string, condition = '') =>
    `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}">${
      condition &&
      `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression>`
    }</bpmn:sequenceFlow>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="d" targetNamespace="t">
  <bpmn:process id="${key}" isExecutable="true">
    <bpmn:startEvent id="s" />${flow('f1', 's', 'fork')}<bpmn:parallelGateway id="fork" />
    ${flow('f2', 'fork', 'up')}${flow('f3', 'fork', 'xs')}<bpmn:userTask id="up" />
    <bpmn:exclusiveGateway id="xs" />${flow('f4', 'xs', 'low', '${ok}')}${flow('f5', 'xs', 'xm', '${!ok}')}
    <bpmn:userTask id="low" />${flow('f6', 'low', 'xm')}<bpmn:exclusiveGateway id="xm" />
    ${flow('f7', 'xm', 'Join')}${flow('f8', 'up', 'Join')}<bpmn:parallelGateway id="Join" />
    ${flow('f9', 'Join', 'e')}<bpmn:endEvent id="e" />
  </bpmn:process>
</bpmn:definitions>`;
}

async function createModel(s: WorkflowStack, key: string, bpmnXml: string): Promise<number> {
  return dataOf<{ id: number }>(await s.post('/bpm/model', { key, name: key, bpmnXml })).id;
}

describe('the embedded process engine', () => {
  let s: WorkflowStack;
  let engine: CamundaRestClient;

  let baseUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    s = await startWorkflowStack({
      ENGINE_PORT: String(port),
      ENGINE_USER: ENGINE_AUTH.user,
      ENGINE_PASSWORD: ENGINE_AUTH.password,
    });
    baseUrl = `http://127.0.0.1:${port}/engine-rest`;
    engine = new CamundaRestClient({ baseUrl, auth: { ...ENGINE_AUTH, token: undefined } });
  });
  afterAll(() => s.close());

  it('should serve the Camunda REST API to ENGINE_USER/ENGINE_PASSWORD only, and report it healthy', async () => {
    expect(await engine.version()).toHaveProperty('version');
    for (const auth of [
      undefined,
      { user: ENGINE_AUTH.user, password: 'wrong' },
      { user: 'platform', password: ENGINE_AUTH.password },
      { user: ENGINE_AUTH.user, token: ENGINE_AUTH.token }, // no ENGINE_TOKEN configured
    ]) {
      await expect(new CamundaRestClient({ baseUrl, auth }).version()).rejects.toMatchObject({
        status: 401,
      });
    }
    const health = await s.get('/health');
    expect(health.body.data.checks).toMatchObject({
      engine: 'UP',
      mysql: { identity: 'UP', workflow: 'UP' },
    });
  });

  it('should deploy a model as a runnable definition that Camunda would accept', async () => {
    const id = await createModel(s, 'review', agentChain('review', 'review', ['Check']));
    const deployed = dataOf<ModelView>(await s.post(`/bpm/model/deploy?id=${id}`));
    expect(deployed.processDefinitionVersion).toBe(1);
    expect(deployed.deployTime).not.toBeNull();

    const definition = await engine.getProcessDefinitionByKey('review');
    expect(definition.id).toBe(deployed.processDefinitionId);
    const { bpmn20Xml } = await engine.getProcessDefinitionXmlByKey('review');
    expect(bpmn20Xml).toContain('camunda:historyTimeToLive="180"');

    const instance = await engine.startProcessInstanceByKey('review', { businessKey: 'b-1' });
    const tasks = await engine.tasks({ processInstanceId: instance.id });
    expect(tasks.map((t) => t.taskDefinitionKey)).toEqual(['Task_1']);

    const listed = await s.get('/bpm/model/list?key=review');
    expect(listed.body.rows[0]).toMatchObject({ processDefinitionVersion: 1 });
  });

  it('should keep the version for an unchanged diagram and add one for a changed diagram', async () => {
    const id = await createModel(s, 'approve', agentChain('approve'));
    const first = dataOf<ModelView>(await s.post(`/bpm/model/deploy?id=${id}`));
    const again = dataOf<ModelView>(await s.post(`/bpm/model/deploy?id=${id}`));
    expect(again.processDefinitionId).toBe(first.processDefinitionId);
    expect(again.processDefinitionVersion).toBe(1);

    const changed = agentChain('approve', 'approve', ['Plan', 'Review']);
    dataOf(await s.put('/bpm/model', { id, key: 'approve', name: 'approve', bpmnXml: changed }));
    const second = dataOf<ModelView>(await s.post(`/bpm/model/deploy?id=${id}`));
    expect(second.processDefinitionVersion).toBe(2);
    expect(second.processDefinitionId).not.toBe(first.processDefinitionId);
  });

  it('should pass on what the engine refuses at deploy, naming it, in the user language', async () => {
    const id = await createModel(s, 'early_join', joinAfterChoice('early_join'));
    const zh = await s.post(`/bpm/model/deploy?id=${id}`);
    expect(zh.body.code).toBe(500);
    expect(zh.body.msg).toMatch(/^流程引擎拒绝部署：/);
    expect(zh.body.msg).toContain('Join');
    const en = await s.post(`/bpm/model/deploy?id=${id}`, {}, 'en');
    expect(en.body.msg).toMatch(/^The process engine refused the deployment: .*Join/);

    const model = dataOf<ModelView>(await s.get(`/bpm/model/${id}`));
    expect(model.processDefinitionId).toBeNull();
    await expect(engine.getProcessDefinitionByKey('early_join')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('should ask for a diagram before deploying a model without one', async () => {
    const id = dataOf<{ id: number }>(await s.post('/bpm/model', { key: 'empty', name: 'e' })).id;
    const res = await s.post(`/bpm/model/deploy?id=${id}`, {}, 'en');
    expect(res.body.msg).toBe('The process model has no diagram yet: design it before deploying');
  });
});

describe('a process engine at ENGINE_URL', () => {
  let s: WorkflowStack;
  let standalone: StandaloneEngine;

  beforeAll(async () => {
    standalone = await startStandaloneEngine(ENGINE_AUTH, 'engine');
    // The service signs in with the bearer token alone.
    s = await startWorkflowStack({
      ENGINE_URL: standalone.server.url,
      ENGINE_TOKEN: ENGINE_AUTH.token,
    });
  });
  afterAll(async () => {
    await s.close();
    await standalone.close(); // the last test stops its server
  });

  it('should deploy there with the same client and its token, and report that engine healthy', async () => {
    await expect(
      new CamundaRestClient({ baseUrl: standalone.server.url }).version(),
    ).rejects.toMatchObject({ status: 401 });
    const id = await createModel(s, 'remote', agentChain('remote'));
    const deployed = dataOf<ModelView>(await s.post(`/bpm/model/deploy?id=${id}`));
    const remote = new CamundaRestClient({ baseUrl: standalone.server.url, auth: ENGINE_AUTH });
    expect((await remote.getProcessDefinitionByKey('remote')).id).toBe(
      deployed.processDefinitionId,
    );
    expect((await s.get('/health')).body.data.checks.engine).toBe('UP');
  });

  it('should say the engine is unavailable when it stops answering', async () => {
    const id = await createModel(s, 'later', agentChain('later'));
    await standalone.server.close();
    const res = await s.post(`/bpm/model/deploy?id=${id}`, {}, 'en');
    expect(res.body.msg).toBe('The process engine is not available, please try again later');
    expect((await s.get('/health')).body.data.checks.engine).toBe('DOWN');
  });
});

describe('an embedded engine started without credentials outside production', () => {
  let sut: EngineConnection;
  const databaseUrl = `${mysqlBase()}/t_wfeng_${process.pid}_${Date.now().toString(36)}`;

  beforeAll(async () => {
    sut = new EngineConnection(
      loadWorkflowEnv({ NODE_ENV: 'development', WORKFLOW_DB_URL: databaseUrl, ENGINE_PORT: '0' }),
    );
    await sut.onModuleInit();
  });
  afterAll(async () => {
    await sut.onApplicationShutdown();
    await dropDatabase(databaseUrl);
  });

  it('should make up a password that only its own client knows', async () => {
    const url = sut.url!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/engine-rest$/);
    await expect(new CamundaRestClient({ baseUrl: url }).version()).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      new CamundaRestClient({ baseUrl: url, auth: { user: 'platform', password: '' } }).version(),
    ).rejects.toMatchObject({ status: 401 });
    expect(await sut.client.version()).toHaveProperty('version');
    expect(await sut.status()).toBe('UP');
  });
});
