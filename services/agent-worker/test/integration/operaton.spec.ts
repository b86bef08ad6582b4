import { THERAPEUTIC_CHAINS } from '@platform/antibody/dist/fixtures/therapeutic-antibodies';
import { FLAT_EXTERNAL_TASKS_PROPERTY } from '@platform/bpmn';
import {
  ENGINE_STRING_MAX_LENGTH,
  type MissionLogView,
  outputVariable,
  parseJsonTextVariable,
  SEEDED_WORKFLOWS,
  WORKFLOW_STATUS,
  type WorkflowView,
} from '@platform/contracts';
import { ADMIN_PASSWORD, api, login } from '@platform/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { operatonMissing, startOperaton } from '../support/operaton';
import { type FakePredictor, startFakePredictor } from '../support/structure-predictor';
import {
  agentNode,
  branchDiagram,
  type Catalogue,
  catalogue,
  chainDiagram,
  dataOf,
  ENGINE_AUTH,
  startWorld,
  type World,
} from '../support/world';

// The same worker against the platform's real engine, Operaton (deploy/engine), at ENGINE_URL with
// its credentials: the workflow service deploys to it, the worker fetches, extends, fails and
// completes there (Json output variables through Spin, route variables, incidents).

const chain = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
const PAIR = `>VH\n${chain('trastuzumab VH').sequence}\n>VL\n${chain('trastuzumab VL').sequence}`;
const tag = Date.now().toString(36).slice(-5);
const missing = operatonMissing();

/** Two external tasks on `topic` (no worker of the platform takes them), unscoped as the compiler asks. */
const FLAT_TWO_TASKS = (key: string, topic: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://platform.example/test">
  <bpmn:process id="${key}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:extensionElements><camunda:properties>
      <camunda:property name="${FLAT_EXTERNAL_TASKS_PROPERTY}" value="true" />
    </camunda:properties></bpmn:extensionElements>
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="A" />
    <bpmn:serviceTask id="A" camunda:type="external" camunda:topic="${topic}" />
    <bpmn:sequenceFlow id="f2" sourceRef="A" targetRef="B" />
    <bpmn:serviceTask id="B" camunda:type="external" camunda:topic="${topic}" />
    <bpmn:sequenceFlow id="f3" sourceRef="B" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

describe.skipIf(missing)('the agent worker on Operaton', () => {
  let operaton: Awaited<ReturnType<typeof startOperaton>>;
  let world: World;
  let c: Catalogue;
  let predictor: FakePredictor;
  const agents: Record<string, number> = {};

  beforeAll(async () => {
    operaton = await startOperaton();
    predictor = await startFakePredictor();
    world = await startWorld({ ENGINE_URL: operaton.url });
    c = catalogue(world);
    for (const [key, tools] of Object.entries({
      number: ['antibody.number'],
      humanize: ['antibody.humanize'],
      structure: ['antibody.structure'],
      epitopes: ['antibody.epitopes'],
    })) {
      agents[key] = await c.agent(`${key}${tag}`, `${key} ${tag}`, [
        await c.skill(`${key}技能${tag}`, tools),
      ]);
    }
    await world.startWorker({ STRUCTURE_PREDICTOR_URL: predictor.url });
  }, 240_000);
  afterAll(async () => {
    await world?.close();
    await predictor?.close();
    await operaton?.stop();
  }, 60_000);

  const node = (id: string, key: string, x: number, extra = {}) =>
    agentNode(id, `${key}${tag}`, `${key} ${tag}`, x, extra);
  const rows = (logs: MissionLogView[]) => logs.map((l) => [l.nodeId, l.attempt, l.status]);
  const history = async <T>(path: string): Promise<T> => {
    const auth = `${ENGINE_AUTH.user}:${ENGINE_AUTH.password}`;
    const res = await fetch(`${operaton.url}/history/${path}`, {
      headers: { Authorization: `Basic ${Buffer.from(auth).toString('base64')}` },
    });
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  const outputVariables = (instanceId: string) =>
    history<{ name: string; type: string; value: string }[]>(
      `variable-instance?processInstanceId=${instanceId}&deserializeValues=false`,
    );

  it('should run a three-node mission to completed, then a branch by its validator', async () => {
    const chainId = await c.workflow(
      `Operaton${tag}1`,
      chainDiagram('operaton_chain', [
        node('Task_number', 'number', 100),
        node('Task_humanize', 'humanize', 250),
        node('Task_again', 'number', 400),
      ]),
      [agents.number, agents.humanize],
    );
    const m = await c.start(chainId, `Humanize\n${PAIR}`);
    const done = await c.finished(m.id, 60_000);
    expect(done.status).toBe('completed');
    expect(rows(await c.logs(m.code))).toEqual([
      ['Task_number', 1, 'success'],
      ['Task_humanize', 1, 'success'],
      ['Task_again', 1, 'success'],
    ]);
    // The compiled process asks for external tasks without scopes (FlatExternalTasks): each node
    // ran in the instance's own execution, not in a child execution made and deleted for it.
    const activities = await history<{ activityId: string; executionId: string }[]>(
      `activity-instance?processInstanceId=${done.processInstanceId}&activityType=serviceTask`,
    );
    expect(activities.map((a) => [a.activityId, a.executionId]).sort()).toEqual(
      ['Task_again', 'Task_humanize', 'Task_number'].map((id) => [id, done.processInstanceId]),
    );

    const branchId = await c.workflow(
      `Operaton${tag}2`,
      branchDiagram(
        'operaton_branch',
        node('Task_number', 'number', 100),
        {
          nameen: 'Route',
          type: 'Branch',
          branches: [
            {
              validator: { name: 'JsonKeyNotEmpty', params: 'number.chains' },
              target_node: 'Task_humanize',
            },
          ],
        },
        [node('Task_humanize', 'humanize', 0), node('Task_structure', 'structure', 0)],
        'Task_structure',
      ),
      [agents.number, agents.humanize, agents.structure],
    );
    const routed = await c.start(branchId, `Route me\n${PAIR}`);
    expect((await c.finished(routed.id, 60_000)).status).toBe('completed');
    expect(rows(await c.logs(routed.code))).toEqual([
      ['Task_number', 1, 'success'],
      ['Task_humanize', 1, 'success'],
    ]);
  });

  it('should publish the seeded humanization workflow, run a mission on it and show it finished to Cockpit', async () => {
    // The seed's workflow, saved again through the workflow API (online: a new version).
    const list = await world.get(
      `/wujie/workflow/list?processKey=${SEEDED_WORKFLOWS.humanization}`,
    );
    const seeded = dataOf<WorkflowView>(await world.get(`/wujie/workflow/${list.body.rows[0].id}`));
    const token = await login(world.stack, 'admin', ADMIN_PASSWORD);
    const saved = dataOf<WorkflowView>(
      await api(world.stack)
        .put('/prod-api/wujie/workflow')
        .set('Authorization', `Bearer ${token}`)
        .set('repeatSubmit', 'false')
        .send({
          id: seeded.id,
          name: seeded.name,
          agentIds: seeded.agentIds,
          workflow: seeded.workflow,
        }),
    );
    expect(saved).toMatchObject({ status: WORKFLOW_STATUS.online, version: seeded.version + 1 });

    const m = await c.start(seeded.id, `Humanize this antibody\n${PAIR}`);
    const done = await c.finished(m.id, 90_000);
    const logs = await c.logs(m.code);
    expect(done.status, JSON.stringify({ error: done.error, logs })).toBe('completed');
    expect(done.workflowVersion).toBe(saved.version);
    expect(rows(logs)).toEqual([
      ['Task_Numbering', 1, 'success'],
      ['Task_Humanize', 1, 'success'],
      ['Task_Review', 1, 'success'],
    ]);

    // What Cockpit shows comes from the engine's history REST API.
    const instance = await history<{
      state: string;
      businessKey: string;
      processDefinitionKey: string;
      removalTime: string | null;
    }>(`process-instance/${done.processInstanceId}`);
    expect(instance).toMatchObject({
      state: 'COMPLETED',
      businessKey: m.code,
      processDefinitionKey: SEEDED_WORKFLOWS.humanization,
      // The history is cleaned up by end time: no removal time written when it ends (issue 31).
      removalTime: null,
    });
    // Each node's output as its JSON text: a String where it fits the variable's row, Json beyond.
    const variables = await outputVariables(done.processInstanceId!);
    for (const log of logs) {
      const variable = variables.find((v) => v.name === outputVariable(log.nodeId));
      expect(variable, log.nodeId).toBeDefined();
      expect(variable!.type).toBe(
        variable!.value.length <= ENGINE_STRING_MAX_LENGTH ? 'String' : 'Json',
      );
      expect(parseJsonTextVariable(variable!.value)).toEqual(log.outputs);
    }
    expect(variables.find((v) => v.name === 'inputs')).toMatchObject({ type: 'String' });
    const activities = await history<
      { activityId: string; endTime: string | null; canceled: boolean }[]
    >(
      `activity-instance?processInstanceId=${done.processInstanceId}&sortBy=startTime&sortOrder=asc`,
    );
    const agentRuns = activities.filter((a) => a.activityId.startsWith('Task_'));
    expect(agentRuns.map((a) => a.activityId)).toEqual([
      'Task_Numbering',
      'Task_Humanize',
      'Task_Review',
    ]);
    expect(agentRuns.every((a) => a.endTime !== null && !a.canceled)).toBe(true);
  }, 120_000);

  it('should keep a small output as a String variable, its characters beyond the BMP escaped', async () => {
    const id = await c.workflow(
      `Operaton${tag}4`,
      chainDiagram('operaton_small', [node('Task_epitopes', 'epitopes', 100)]),
      [agents.epitopes],
    );
    const m = await c.start(id, `Epitopes 🧬\n>抗原𠀀 antigen\nMKTAYIAKQRQISFVKSHFS`);
    const done = await c.finished(m.id, 60_000);
    expect(done.status).toBe('completed');
    const [log] = await c.logs(m.code);
    const variable = (await outputVariables(done.processInstanceId!)).find(
      (v) => v.name === outputVariable('Task_epitopes'),
    );
    // Operaton's utf8 columns refuse 4-byte characters: the mission's inputs (a String too) would
    // not even start it, an output that held one would not complete.
    expect(variable).toMatchObject({ type: 'String' });
    expect(variable!.value).not.toMatch(/[\u{10000}-\u{10FFFF}]/u);
    expect(parseJsonTextVariable(variable!.value)).toEqual(log.outputs);
  });

  it("should leave no task of a cancelled node behind when its execution is the instance's", async () => {
    // A rerun starts the node before cancelling what was open; an operator's modification may
    // cancel first. Operaton only interrupts an unscoped task's execution (the instance), which
    // removes user tasks but not external tasks: FlatExternalTasks' end listener deletes them.
    const key = `flat_${tag}`;
    await world.engine.deploy({
      deploymentName: key,
      resources: [{ name: `${key}.bpmn`, content: FLAT_TWO_TASKS(key, key) }],
    });
    for (const order of ['start B, then cancel A', 'cancel A, then start B']) {
      const instance = await world.engine.startProcessInstanceByKey(key, {});
      const [open] = await world.engine.historicActivityInstances({
        processInstanceId: instance.id,
        activityType: 'serviceTask',
        unfinished: true,
      });
      expect(open!.activityId).toBe('A');
      const cancel = { type: 'cancel' as const, activityInstanceId: open!.id };
      const start = { type: 'startBeforeActivity' as const, activityId: 'B' };
      await world.engine.modifyProcessInstance(instance.id, {
        skipCustomListeners: true,
        skipIoMappings: true,
        instructions: order.startsWith('start') ? [start, cancel] : [cancel, start],
      });
      const tasks = await world.engine.externalTasks({ processInstanceId: instance.id });
      expect(
        tasks.map((t) => [t.activityId, t.executionId]),
        order,
      ).toEqual([['B', instance.id]]);
    }
  });

  it('should retry a failing tool and leave an incident in Operaton, the mission error', async () => {
    const id = await c.workflow(
      `Operaton${tag}3`,
      chainDiagram('operaton_fail', [node('Task_structure', 'structure', 100)]),
      [agents.structure],
    );
    predictor.failing = true;
    try {
      const m = await c.start(id, `Structure\n${PAIR}`);
      const done = await c.finished(m.id, 60_000);
      expect(done.status).toBe('error');
      expect(rows(await c.logs(m.code))).toEqual([
        ['Task_structure', 1, 'failed'],
        ['Task_structure', 2, 'failed'],
        ['Task_structure', 3, 'failed'],
      ]);
      const incidents = await world.engine.incidents({
        processInstanceId: done.processInstanceId!,
      });
      expect(incidents).toHaveLength(1);
    } finally {
      predictor.failing = false;
    }
  });
});
