import { DomainError, WORKFLOW_PATTERNS, type WorkflowRunRefView } from '@platform/contracts';
import { baseEnvSchema, callService, createRpcClient } from '@platform/nest-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  agentChain,
  createAgent,
  dataOf,
  startWorkflowStack,
  type WorkflowStack,
} from '../support';

interface VersionSummary {
  version: number;
  current: boolean;
  restoredFrom: number | null;
  name: string;
  status: string;
}

describe('workflow versions', () => {
  let s: WorkflowStack;
  let agentId: number;
  let otherAgentId: number;

  beforeAll(async () => {
    s = await startWorkflowStack();
    agentId = await createAgent(s, '规划者');
    otherAgentId = await createAgent(s, '审核者');
  });
  afterAll(() => s.close());

  const versionsOf = async (id: number) =>
    dataOf<VersionSummary[]>(await s.get(`/wujie/workflow/versions/${id}`));

  it('should rewrite the current version while the workflow is not online', async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '草稿',
        agentIds: [agentId],
        workflow: agentChain('draft'),
      }),
    );
    for (const name of ['草稿 2', '草稿 3']) {
      const saved = dataOf(await s.put('/wujie/workflow', { id, name, agentIds: [agentId] }));
      expect(saved.version).toBe(1);
    }
    const versions = await versionsOf(id);
    expect(versions).toMatchObject([{ version: 1, current: true, name: '草稿 3' }]);
  });

  it('should make a new version each time an online workflow is saved', async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '上线',
        status: '2',
        agentIds: [agentId],
        params: 'a=1',
        workflow: agentChain('online_flow', '上线', ['Plan']),
      }),
    );
    const v2 = dataOf(
      await s.put('/wujie/workflow', {
        id,
        name: '上线',
        agentIds: [agentId, otherAgentId],
        params: 'a=2',
        workflow: agentChain('online_flow', '上线', ['Plan', 'Review']),
      }),
    );
    expect(v2.version).toBe(2);
    const v3 = dataOf(
      await s.put('/wujie/workflow', { id, name: '上线 改名', agentIds: [agentId] }),
    );
    expect(v3.version).toBe(3);
    const versions = await versionsOf(id);
    expect(versions.map((v) => [v.version, v.current, v.name])).toEqual([
      [3, true, '上线 改名'],
      [2, false, '上线'],
      [1, false, '上线'],
    ]);

    const one = dataOf<{ workflow: string; params: string; agents: { id: string }[] }>(
      await s.get(`/wujie/workflow/versions/${id}/1`),
    );
    expect(one).toMatchObject({ version: 1, params: 'a=1', agentIds: [agentId], current: false });
    expect(one.agents.map((a) => a.id)).toEqual(['Task_1']);
    expect(one.agents[0]).toMatchObject({
      kind: 'agent',
      descriptor: { nameen: 'Plan', instruction: 'do Plan' },
    });
  });

  it('should give concurrent saves of an online workflow a version each', async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '并发',
        status: '2',
        agentIds: [agentId],
        workflow: agentChain('concurrent_flow'),
      }),
    );
    const saves = await Promise.all(
      ['甲', '乙', '丙'].map((name) => s.put('/wujie/workflow', { id, name, agentIds: [agentId] })),
    );
    expect(saves.map((r) => dataOf<{ version: number }>(r).version).sort()).toEqual([2, 3, 4]);
    expect((await versionsOf(id)).map((v) => v.version)).toEqual([4, 3, 2, 1]);
  });

  it('should diff the XML, the fields and the agent settings of two versions', async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '比较',
        status: '2',
        agentIds: [agentId],
        workflow: agentChain('diff_flow', '比较', ['Plan', 'Check']),
      }),
    );
    const changed = agentChain('diff_flow', '比较', ['Plan', 'Verify', 'Report']);
    dataOf(
      await s.put('/wujie/workflow', {
        id,
        name: '比较',
        agentIds: [agentId, otherAgentId],
        workflow: changed,
      }),
    );

    const diff = dataOf<{
      xmlChanged: boolean;
      xml: string;
      fields: { field: string; from: unknown; to: unknown }[];
      agents: {
        id: string;
        change: string;
        fields: { field: string; from: unknown; to: unknown }[];
      }[];
    }>(await s.get(`/wujie/workflow/versions/${id}/diff?from=1&to=2`));
    expect(diff).toMatchObject({ from: 1, to: 2, xmlChanged: true });
    expect(diff.xml).toContain('--- v1.bpmn');
    expect(diff.xml).toContain('+++ v2.bpmn');
    expect(diff.xml).toMatch(/^\+.*Task_3/m);
    expect(diff.fields).toEqual([
      { field: 'agentIds', from: [agentId], to: [agentId, otherAgentId] },
    ]);
    expect(diff.agents).toEqual([
      {
        id: 'Task_2',
        kind: 'agent',
        change: 'changed',
        name: '任务2',
        fields: [
          { field: 'nameen', from: 'Check', to: 'Verify' },
          { field: 'instruction', from: 'do Check', to: 'do Verify' },
        ],
      },
      { id: 'Task_3', kind: 'agent', change: 'added', name: '任务3', fields: [] },
    ]);

    const same = dataOf<{ xmlChanged: boolean; xml: string; agents: unknown[] }>(
      await s.get(`/wujie/workflow/versions/${id}/diff?from=2&to=2`),
    );
    expect(same).toMatchObject({ xmlChanged: false, xml: '', agents: [], fields: [] });
    expect((await s.get(`/wujie/workflow/versions/${id}/diff?from=1&to=9`)).body).toMatchObject({
      code: 404,
      msg: '工作流版本 9 不存在',
    });
    expect((await s.get(`/wujie/workflow/versions/${id}/diff?from=1`)).status).toBe(400);
  });

  it('should restore an old version as a new version of an online workflow', async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '恢复',
        status: '2',
        agentIds: [agentId],
        tags: ['v1'],
        workflow: agentChain('restore_flow', '恢复', ['One']),
      }),
    );
    dataOf(
      await s.put('/wujie/workflow', {
        id,
        name: '恢复 改',
        agentIds: [otherAgentId],
        tags: ['v2'],
        workflow: agentChain('restore_flow', '恢复', ['One', 'Two']),
      }),
    );
    const restored = dataOf<{ version: number; restoredFrom: number; status: string }>(
      await s.post(`/wujie/workflow/versions/${id}/restore/1`),
    );
    expect(restored).toMatchObject({
      version: 3,
      restoredFrom: 1,
      current: true,
      name: '恢复',
      status: '2',
      agentIds: [agentId],
      tags: ['v1'],
    });
    const now = dataOf<{ workflow: string; version: number }>(await s.get(`/wujie/workflow/${id}`));
    expect(now.version).toBe(3);
    expect(now.workflow).not.toContain('Task_2');
    expect((await versionsOf(id)).map((v) => v.restoredFrom)).toEqual([1, null, null]);
    expect((await s.post(`/wujie/workflow/versions/${id}/restore/7`)).body.code).toBe(404);
  });

  it('should restore over the current version of a workflow in development', async () => {
    const { id } = dataOf<{ id: number }>(
      await s.post('/wujie/workflow', {
        name: '开发',
        agentIds: [agentId],
        workflow: agentChain('dev_flow'),
      }),
    );
    dataOf(await s.put('/wujie/workflow', { id, name: '开发', status: '2', agentIds: [agentId] }));
    dataOf(
      await s.put('/wujie/workflow', { id, name: '开发 2', status: '3', agentIds: [agentId] }),
    );
    const restored = dataOf(await s.post(`/wujie/workflow/versions/${id}/restore/1`));
    expect(restored).toMatchObject({ version: 2, restoredFrom: 1, name: '开发', status: '3' });
  });

  it('should give a run the current version and its agent graph, over the transport', async () => {
    const client = createRpcClient(
      baseEnvSchema.parse({
        NAMESPACE: s.stack.namespace,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
      }),
    );
    const resolve = (id: number) =>
      callService<WorkflowRunRefView>(
        client,
        WORKFLOW_PATTERNS.resolveRun,
        { body: { id }, client: { ip: '127.0.0.1', userAgent: 'test', lang: 'en' } },
        10_000,
      );
    try {
      const { id } = dataOf<{ id: number }>(
        await s.post('/wujie/workflow', {
          name: '运行',
          status: '2',
          agentIds: [agentId],
          workflow: agentChain('run_flow', '运行', ['A']),
        }),
      );
      dataOf(
        await s.put('/wujie/workflow', {
          id,
          name: '运行',
          agentIds: [agentId],
          workflow: agentChain('run_flow', '运行', ['A', 'B']),
        }),
      );
      const ref = await resolve(id);
      expect(ref).toMatchObject({ workflowId: id, version: 2, processKey: 'run_flow' });
      expect(ref.graph.nodes.filter((n) => n.kind === 'agent')).toHaveLength(2);

      dataOf(
        await s.put('/wujie/workflow', { id, name: '运行', status: '3', agentIds: [agentId] }),
      );
      await expect(resolve(id)).rejects.toBeInstanceOf(DomainError);
      await expect(resolve(id)).rejects.toMatchObject({ key: 'workflow.not_runnable' });
    } finally {
      await client.close();
    }
  });
});
