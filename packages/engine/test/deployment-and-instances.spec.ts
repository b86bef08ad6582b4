import { CamundaRestError } from '@platform/engine-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUTH_HEADERS, EngineHarness, finished, fixture } from './support/engine-harness';

const wrap = (key: string, body: string, extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="${key}" isExecutable="true" camunda:historyTimeToLive="P1D">${body}</bpmn:process>${extra}
</bpmn:definitions>`;

const task = (id: string, topic = id) =>
  `<bpmn:serviceTask id="${id}" camunda:type="external" camunda:topic="${topic}" />`;
const flow = (id: string, from: string, to: string, condition?: string) =>
  condition
    ? `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${condition}</bpmn:conditionExpression></bpmn:sequenceFlow>`
    : `<bpmn:sequenceFlow id="${id}" sourceRef="${from}" targetRef="${to}" />`;

const REFUSED: { name: string; xml: string; element: string; text: RegExp }[] = [
  {
    name: 'an inclusive gateway',
    xml: wrap(
      'lint_inclusive',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'orSplit')}<bpmn:inclusiveGateway id="orSplit" />${flow('f2', 'orSplit', 'e')}<bpmn:endEvent id="e" />`,
    ),
    element: 'orSplit',
    text: /InclusiveGateway 'orSplit' is not supported/,
  },
  {
    name: 'a script task',
    xml: wrap(
      'lint_script',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'calc')}<bpmn:scriptTask id="calc" scriptFormat="javascript"><bpmn:script>next()</bpmn:script></bpmn:scriptTask>${flow('f2', 'calc', 'e')}<bpmn:endEvent id="e" />`,
    ),
    element: 'calc',
    text: /ScriptTask 'calc'.*scripts are not allowed/,
  },
  {
    name: 'a script condition',
    xml: wrap(
      'lint_script_condition',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'g')}<bpmn:exclusiveGateway id="g" /><bpmn:sequenceFlow id="scripted" sourceRef="g" targetRef="e"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression" language="javascript">next(null, true)</bpmn:conditionExpression></bpmn:sequenceFlow><bpmn:endEvent id="e" />`,
    ),
    element: 'scripted',
    text: /SequenceFlow 'scripted'.*scripts are not allowed/,
  },
  {
    name: 'an expression the evaluator cannot handle',
    xml: wrap(
      'lint_expression',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'g')}<bpmn:exclusiveGateway id="g" />${flow('badCond', 'g', 'e', '${execution.getVariable("x")}')}<bpmn:endEvent id="e" />`,
    ),
    element: 'badCond',
    text: /SequenceFlow 'badCond'.*CallExpression/,
  },
  {
    name: 'a service task that is not external',
    xml: wrap(
      'lint_java',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'java')}<bpmn:serviceTask id="java" camunda:class="com.example.Delegate" />${flow('f2', 'java', 'e')}<bpmn:endEvent id="e" />`,
    ),
    element: 'java',
    text: /ServiceTask 'java' must be an external task/,
  },
  {
    name: 'a parallel join behind an exclusive split and merge (bpmn-engine #200)',
    xml: wrap(
      'lint_parallel_join',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'fork')}<bpmn:parallelGateway id="fork" />${flow('f2', 'fork', 'up')}${flow('f3', 'fork', 'xs')}${task('up')}<bpmn:exclusiveGateway id="xs" />${flow('f4', 'xs', 'low', '${ok}')}${flow('f5', 'xs', 'xm', '${!ok}')}${task('low')}${flow('f6', 'low', 'xm')}<bpmn:exclusiveGateway id="xm" />${flow('f7', 'xm', 'join')}${flow('f8', 'up', 'join')}<bpmn:parallelGateway id="join" />${flow('f9', 'join', 'e')}<bpmn:endEvent id="e" />`,
    ),
    element: 'join',
    text: /ParallelGateway 'join' joins branches that pass .*'xm'/,
  },
  {
    name: 'an execution listener',
    xml: wrap(
      'lint_listener',
      `<bpmn:startEvent id="s"><bpmn:extensionElements><camunda:executionListener event="start" class="x.Y" /></bpmn:extensionElements></bpmn:startEvent>${flow('f1', 's', 'e')}<bpmn:endEvent id="e" />`,
    ),
    element: 's',
    text: /StartEvent 's' uses camunda:ExecutionListener/,
  },
];

describe('deployment, lint and instance commands', () => {
  let h: EngineHarness;

  beforeAll(async () => {
    h = await EngineHarness.start();
  });

  afterAll(async () => {
    await h.close();
  });

  it.each(REFUSED)(
    'should refuse $name at deploy time, naming the element',
    async ({ xml, element, text }) => {
      const err = (await h
        .deploy(`lint-${element}`, xml)
        .catch((e: unknown) => e)) as CamundaRestError;
      expect(err).toBeInstanceOf(CamundaRestError);
      expect(err.status).toBe(400);
      expect(err.type).toBe('ParseException');
      expect(err.message).toMatch(text);
      const details = (err.body?.details ?? {}) as Record<
        string,
        { errors: { mainElementId: string; messageZh: string }[] }
      >;
      const errors = Object.values(details)[0].errors;
      expect(errors.map((e) => e.mainElementId)).toContain(element);
      expect(errors[0].messageZh).toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('should accept a parallel block whose branches have no choices', async () => {
    await expect(h.deploy('parallel', fixture('parallel'))).resolves.toMatchObject({
      name: 'parallel',
    });
  });

  it('should version per key and filter duplicates', async () => {
    const xml = wrap(
      'dep_versions',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'e')}<bpmn:endEvent id="e" />`,
    );
    const deploy = (content: string) =>
      h.client.deploy({
        deploymentName: 'versions',
        enableDuplicateFiltering: true,
        resources: [{ name: 'v.bpmn', content }],
      });
    const first = await deploy(xml);
    const again = await deploy(xml);
    expect(again.id).toBe(first.id);
    expect(again.deployedProcessDefinitions).toBeNull();
    const changed = await deploy(
      xml.replace('<bpmn:endEvent id="e" />', '<bpmn:endEvent id="e" name="Done" />'),
    );
    expect(Object.values(changed.deployedProcessDefinitions ?? {})[0]).toMatchObject({
      key: 'dep_versions',
      version: 2,
    });
    const latest = await h.client.getProcessDefinitionByKey('dep_versions');
    expect(latest).toMatchObject({ version: 2, historyTimeToLive: 1, deploymentId: changed.id });
    await expect(h.client.getProcessDefinitionByKey('no_such_key')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('should start an older definition version by its id after a newer one is deployed', async () => {
    const xml = (name: string) =>
      wrap(
        'dep_pinned',
        `<bpmn:startEvent id="s" />${flow('f1', 's', 'work')}${task('work', 'pinned')}${flow('f2', 'work', 'e')}<bpmn:endEvent id="e" name="${name}" />`,
      );
    const first = Object.values(
      (await h.deploy('pinned', xml('v1'))).deployedProcessDefinitions ?? {},
    )[0];
    await h.deploy('pinned', xml('v2'));
    expect(await h.client.getProcessDefinition(first.id)).toMatchObject({
      id: first.id,
      version: 1,
    });
    // Its own diagram, not the newer version's (an instance's page draws the version it runs on).
    const diagram = await h.client.getProcessDefinitionXml(first.id);
    expect(diagram.id).toBe(first.id);
    expect(diagram.bpmn20Xml).toContain('name="v1"');
    await expect(h.client.getProcessDefinitionXml('no-such-definition')).rejects.toMatchObject({
      status: 404,
    });
    const started = await h.client.startProcessInstance(first.id, { businessKey: 'pin-1' });
    expect(started).toMatchObject({ definitionId: first.id, businessKey: 'pin-1', ended: false });
    const latest = await h.client.startProcessInstanceByKey('dep_pinned', {});
    expect(latest.definitionId).not.toBe(first.id);
    // Operaton answers 500 here (RestException), and 404 to GET /process-definition/{id}.
    await expect(h.client.startProcessInstance('no-such-definition')).rejects.toMatchObject({
      status: 500,
    });
    await expect(h.client.getProcessDefinition('no-such-definition')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('should start no instance of a suspended definition until it is activated', async () => {
    const xml = wrap(
      'dep_suspended',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'work')}${task('work', 'suspended-def')}${flow('f2', 'work', 'e')}<bpmn:endEvent id="e" />`,
    );
    const definition = Object.values(
      (await h.deploy('suspended-def', xml)).deployedProcessDefinitions ?? {},
    )[0];
    const running = await h.client.startProcessInstance(definition.id);
    await h.client.setProcessDefinitionSuspended(definition.id, true);
    expect(await h.client.getProcessDefinition(definition.id)).toMatchObject({ suspended: true });
    expect(await h.client.getProcessDefinitionByKey('dep_suspended')).toMatchObject({
      suspended: true,
    });
    const refused = (await h.client
      .startProcessInstance(definition.id)
      .catch((e: unknown) => e)) as CamundaRestError;
    expect(refused).toMatchObject({
      status: 500,
      type: 'RestException',
      message: `Cannot instantiate process definition ${definition.id}: ENGINE-03043 Process Definition with id '${definition.id}' is suspended.`,
    });
    await expect(h.client.startProcessInstanceByKey('dep_suspended')).rejects.toMatchObject({
      status: 500,
    });
    // Without includeProcessInstances, the running instance is not suspended.
    expect(await h.client.getProcessInstance(running.id)).toMatchObject({ suspended: false });

    await h.client.setProcessDefinitionSuspended(definition.id, true, true);
    expect(await h.client.getProcessInstance(running.id)).toMatchObject({ suspended: true });
    await h.client.setProcessDefinitionSuspended(definition.id, false, true);
    expect(await h.client.getProcessInstance(running.id)).toMatchObject({ suspended: false });
    expect(await h.client.getProcessDefinition(definition.id)).toMatchObject({ suspended: false });
    await expect(h.client.startProcessInstance(definition.id)).resolves.toMatchObject({
      definitionId: definition.id,
      ended: false,
    });
  });

  it('should refuse a multipart part without a filename', async () => {
    const form = new FormData();
    form.append('deployment-name', 'x');
    form.append('process.bpmn', fixture('sequence'));
    const res = await fetch(`${h.url}/deployment/create`, {
      method: 'POST',
      headers: AUTH_HEADERS,
      body: form,
    });
    expect(res.status).toBe(400);
  });

  it('should start at an activity with startInstructions', async () => {
    await h.deploy('sequence', fixture('sequence'));
    const started = await h.client.startProcessInstanceByKey('conf_sequence', {
      startInstructions: [
        {
          type: 'startBeforeActivity',
          activityId: 'taskB',
          variables: { fromA: { value: 5, type: 'Integer' } },
        },
      ],
    });
    const open = await h.client.externalTasks({ processInstanceId: started.id });
    expect(open.map((t) => t.activityId)).toEqual(['taskB']);
    const [b] = await h.client.fetchAndLock({
      workerId: 'si',
      maxTasks: 1,
      topics: [{ topicName: 'seq-b', lockDuration: 5000 }],
    });
    expect(b.variables.fromA).toMatchObject({ value: 5 });
    await h.client.completeExternalTask(b.id, { workerId: 'si' });
    await finished(h.client, started.id);
    const ids = (await h.client.historicActivityInstances({ processInstanceId: started.id })).map(
      (a) => a.activityId,
    );
    expect(ids).toEqual(['taskB', 'end']);
  });

  it('should cancel everything and restart before an activity under the same id (rerun from a node)', async () => {
    await h.deploy('sequence', fixture('sequence'));
    const started = await h.client.startProcessInstanceByKey('conf_sequence', {
      variables: { input: { value: 'again', type: 'String' } },
    });
    const [a] = await h.client.fetchAndLock({
      workerId: 'mod',
      maxTasks: 1,
      topics: [{ topicName: 'seq-a', lockDuration: 5000, processDefinitionKey: 'conf_sequence' }],
    });
    await h.client.completeExternalTask(a.id, {
      workerId: 'mod',
      variables: { fromA: { value: 1, type: 'Integer' } },
    });
    await expect(
      h.client.modifyProcessInstance(started.id, {
        instructions: [{ type: 'startBeforeActivity', activityId: 'taskA' }],
      }),
    ).rejects.toMatchObject({ status: 400 });
    await h.client.modifyProcessInstance(started.id, {
      instructions: [
        { type: 'cancel', activityId: 'taskB' },
        { type: 'startBeforeActivity', activityId: 'taskA' },
      ],
    });
    expect((await h.client.getProcessInstance(started.id)).id).toBe(started.id);
    const open = await h.client.externalTasks({ processInstanceId: started.id });
    expect(open.map((t) => t.activityId)).toEqual(['taskA']);
    const [again] = await h.client.fetchAndLock({
      workerId: 'mod',
      maxTasks: 1,
      topics: [{ topicName: 'seq-a', lockDuration: 5000, processDefinitionKey: 'conf_sequence' }],
    });
    expect(again.variables).toMatchObject({ input: { value: 'again' }, fromA: { value: 1 } });
    const history = await h.client.historicActivityInstances({
      processInstanceId: started.id,
      activityId: 'taskB',
    });
    expect(history).toMatchObject([{ canceled: true }]);
    const [process] = await h.client.historicProcessInstances({ processInstanceId: started.id });
    expect(process.state).toBe('ACTIVE');
    await h.client.completeExternalTask(again.id, { workerId: 'mod' });
    const [b] = await h.client.fetchAndLock({
      workerId: 'mod',
      maxTasks: 1,
      topics: [{ topicName: 'seq-b', lockDuration: 5000, processDefinitionKey: 'conf_sequence' }],
    });
    expect(b.processInstanceId).toBe(started.id);
    await h.client.completeExternalTask(b.id, { workerId: 'mod' });
    expect((await finished(h.client, started.id)).state).toBe('COMPLETED');
  });

  it('should refuse a modification target inside a sub-process', async () => {
    const xml = wrap(
      'mod_subprocess',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'outer')}${task('outer', 'mod-sub-outer')}${flow('f2', 'outer', 'sub')}<bpmn:subProcess id="sub"><bpmn:startEvent id="ss" />${flow('sf1', 'ss', 'inner')}${task('inner', 'mod-sub-inner')}${flow('sf2', 'inner', 'se')}<bpmn:endEvent id="se" /></bpmn:subProcess>${flow('f3', 'sub', 'e')}<bpmn:endEvent id="e" />`,
    );
    await h.deploy('mod-subprocess', xml);
    const started = await h.client.startProcessInstanceByKey('mod_subprocess', {});
    const err = (await h.client
      .modifyProcessInstance(started.id, {
        instructions: [
          { type: 'cancel', activityId: 'outer' },
          { type: 'startBeforeActivity', activityId: 'inner' },
        ],
      })
      .catch((e: unknown) => e)) as CamundaRestError;
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/'inner'/);
    expect(
      (await h.client.externalTasks({ processInstanceId: started.id })).map((t) => t.activityId),
    ).toEqual(['outer']);
  });

  it('should delete an instance: 204, then 404, history EXTERNALLY_TERMINATED', async () => {
    await h.deploy('sequence', fixture('sequence'));
    const started = await h.client.startProcessInstanceByKey('conf_sequence', {});
    await h.client.deleteProcessInstance(started.id);
    await expect(h.client.getProcessInstance(started.id)).rejects.toMatchObject({ status: 404 });
    await expect(h.client.deleteProcessInstance(started.id)).rejects.toMatchObject({ status: 404 });
    const [history] = await h.client.historicProcessInstances({ processInstanceId: started.id });
    expect(history.state).toBe('EXTERNALLY_TERMINATED');
    expect(await h.client.externalTasks({ processInstanceId: started.id })).toEqual([]);
    const [taskA] = await h.client.historicActivityInstances({
      processInstanceId: started.id,
      activityId: 'taskA',
    });
    expect(taskA.canceled).toBe(true);
  });

  it('should delete a deployment with cascade=true: 204, its definitions, instances and history gone', async () => {
    const xml = wrap(
      'dep_delete',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'w')}${task('w', 'dep-delete')}${flow('f2', 'w', 'e')}<bpmn:endEvent id="e" />`,
    );
    const kept = await h.deploy('dep-delete-kept', xml.replace(/dep_delete/g, 'dep_delete_kept'));
    const deployment = await h.deploy('dep-delete', xml);
    const running = await h.client.startProcessInstanceByKey('dep_delete', {});
    const other = await h.client.startProcessInstanceByKey('dep_delete_kept', {});
    expect(await h.client.getDeployment(deployment.id)).toMatchObject({
      id: deployment.id,
      name: 'dep-delete',
    });

    const res = await fetch(`${h.url}/deployment/${deployment.id}?cascade=true`, {
      method: 'DELETE',
      headers: AUTH_HEADERS,
    });
    expect(res.status).toBe(204);
    await expect(h.client.getDeployment(deployment.id)).rejects.toMatchObject({ status: 404 });
    await expect(h.client.getProcessDefinitionByKey('dep_delete')).rejects.toMatchObject({
      status: 404,
    });
    expect(await h.client.findProcessInstance(running.id)).toBeNull();
    expect(await h.client.externalTasks({ processInstanceId: running.id })).toEqual([]);
    expect(await h.client.historicProcessInstances({ processInstanceId: running.id })).toEqual([]);
    expect(await h.client.historicActivityInstances({ processInstanceId: running.id })).toEqual([]);
    // Another deployment and its instance are untouched.
    expect((await h.client.getDeployment(kept.id)).id).toBe(kept.id);
    expect((await h.client.getProcessInstance(other.id)).id).toBe(other.id);
  });

  it('should refuse to delete a deployment with running instances without cascade, and delete it once they end', async () => {
    const xml = wrap(
      'dep_delete_nc',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'w')}${task('w', 'dep-delete-nc')}${flow('f2', 'w', 'e')}<bpmn:endEvent id="e" />`,
    );
    const deployment = await h.deploy('dep-delete-nc', xml);
    const started = await h.client.startProcessInstanceByKey('dep_delete_nc', {});
    await expect(h.client.deleteDeployment(deployment.id)).rejects.toMatchObject({
      status: 500,
      type: 'ProcessEngineException',
    });
    expect((await h.client.getProcessInstance(started.id)).id).toBe(started.id);

    const [w] = await h.client.fetchAndLock({
      workerId: 'nc',
      maxTasks: 1,
      topics: [{ topicName: 'dep-delete-nc', lockDuration: 5000 }],
    });
    await h.client.completeExternalTask(w.id, { workerId: 'nc' });
    await h.client.deleteDeployment(deployment.id);
    await expect(h.client.getProcessDefinitionByKey('dep_delete_nc')).rejects.toMatchObject({
      status: 404,
    });
    // Without cascade the history of finished instances stays, as in Camunda.
    const [history] = await h.client.historicProcessInstances({ processInstanceId: started.id });
    expect(history.state).toBe('COMPLETED');
  });

  it('should answer 404 with the Camunda error body for an unknown deployment', async () => {
    const res = await fetch(`${h.url}/deployment/no-such-deployment?cascade=true`, {
      method: 'DELETE',
      headers: AUTH_HEADERS,
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      type: 'InvalidRequestException',
      message: "Deployment with id 'no-such-deployment' do not exist",
      code: null,
    });
  });

  it('should fail a command whose gateway condition cannot be evaluated, keeping the task', async () => {
    const xml = wrap(
      'bad_runtime_expression',
      `<bpmn:startEvent id="s" />${flow('f1', 's', 'w')}${task('w', 'bad-expr')}${flow('f2', 'w', 'g')}<bpmn:exclusiveGateway id="g" />${flow('f3', 'g', 'e', "${'abc' &gt; 1}")}<bpmn:endEvent id="e" />`,
    );
    await h.deploy('bad-expr', xml);
    const started = await h.client.startProcessInstanceByKey('bad_runtime_expression', {});
    const [w] = await h.client.fetchAndLock({
      workerId: 'x',
      maxTasks: 1,
      topics: [{ topicName: 'bad-expr', lockDuration: 5000 }],
    });
    await expect(h.client.completeExternalTask(w.id, { workerId: 'x' })).rejects.toMatchObject({
      status: 500,
    });
    expect(
      (await h.client.externalTasks({ processInstanceId: started.id })).map((t) => t.id),
    ).toEqual([w.id]);
  });
});
