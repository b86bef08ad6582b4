import { CamundaRestError } from '@platform/engine-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EngineHarness, fixture } from './support/engine-harness';

// The lists people page through (the workflow service's to-do, done and my-processes pages), on the
// embedded engine's REST API: firstResult/maxResults and the /count calls, as Operaton answers them
// (rest-conformance.spec compares both engines on the same calls; this file states the answers).

describe('task lists page by page', () => {
  let h: EngineHarness;
  let key: string;
  const tasks: string[] = [];
  const instances: string[] = [];
  const me = `pager-${Date.now().toString(36)}`;

  beforeAll(async () => {
    h = await EngineHarness.start();
    key = `paging_${Date.now().toString(36)}`;
    await h.deploy(key, fixture('approval').replace('id="conf_approval"', `id="${key}"`));
    for (let n = 0; n < 3; n++) {
      const started = await h.client.startProcessInstanceByKey(key, {});
      instances.push(started.id);
      const [task] = await h.client.tasks({ processInstanceId: started.id });
      tasks.push(task.id);
      // Distinct creation times (the lists below are ordered by them).
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  afterAll(async () => {
    await h.close();
  });

  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const byCreation = { sortBy: 'created', sortOrder: 'asc' };

  it('should answer page 2 of 3, a short last page, nothing past the end, and the count', async () => {
    const page = (firstResult: number, maxResults: number) =>
      h.client.tasks({ processDefinitionKey: key, ...byCreation, firstResult, maxResults });
    expect(ids(await page(1, 1))).toEqual([tasks[1]]);
    expect(ids(await page(2, 2))).toEqual([tasks[2]]);
    expect(await page(5, 2)).toEqual([]);
    expect(await h.client.taskCount({ processDefinitionKey: key })).toBe(3);
    expect(await h.client.taskCount({ processDefinitionKey: key, nameLike: '%ppro%' })).toBe(3);
    expect(await h.client.taskCount({ processDefinitionKey: key, nameLike: 'nothing%' })).toBe(0);
  });

  it('should default the other bound when only one is given, and return every row with neither', async () => {
    const list = (page: Record<string, number>) =>
      h.client.tasks({ processDefinitionKey: key, ...byCreation, ...page });
    expect(ids(await list({ firstResult: 1 }))).toEqual([tasks[1], tasks[2]]);
    expect(ids(await list({ maxResults: 2 }))).toEqual([tasks[0], tasks[1]]);
    expect(ids(await list({}))).toEqual(tasks);
  });

  it('should refuse a page bound that is not a whole number', async () => {
    const err = (await h.client
      .tasks({ processDefinitionKey: key, firstResult: -1 })
      .catch((e: unknown) => e)) as CamundaRestError;
    expect(err).toBeInstanceOf(CamundaRestError);
    expect(err.status).toBe(400);
  });

  it('should page the tasks assigned to a user or offered to them (POST /task, orQueries)', async () => {
    await h.client.setTaskAssignee(tasks[0], me);
    await h.client.addTaskIdentityLink(tasks[1], { userId: me });
    await h.client.addTaskIdentityLink(tasks[2], { userId: me });
    // Offered, but taken by someone else: no longer the user's.
    await h.client.claimTask(tasks[2], `${me}-other`);
    const mine = {
      processDefinitionKeyIn: [key],
      orQueries: [{ assignee: me, candidateUser: me }],
    };
    const newestFirst = { ...mine, sorting: [{ sortBy: 'created', sortOrder: 'desc' as const }] };
    expect(ids(await h.client.queryTasks(newestFirst))).toEqual([tasks[1], tasks[0]]);
    expect(ids(await h.client.queryTasks(newestFirst, { firstResult: 1, maxResults: 1 }))).toEqual([
      tasks[0],
    ]);
    expect(await h.client.queryTaskCount(mine)).toBe(2);
  });

  it('should page the task history and the instance history with their counts', async () => {
    for (const task of tasks) await h.client.completeTask(task);
    const done = { processDefinitionKey: key, finished: true };
    const history = await h.client.historicTasks({
      ...done,
      sortBy: 'startTime',
      sortOrder: 'asc',
      firstResult: 1,
      maxResults: 1,
    });
    expect(ids(history)).toEqual([tasks[1]]);
    expect(await h.client.historicTaskCount(done)).toBe(3);
    expect(await h.client.historicTaskCount({ processDefinitionKey: key, taskAssignee: me })).toBe(
      1,
    );
    const finished = await h.client.historicProcessInstances({
      ...done,
      sortBy: 'startTime',
      sortOrder: 'asc',
      firstResult: 2,
      maxResults: 5,
    });
    expect(ids(finished)).toEqual([instances[2]]);
    expect(await h.client.historicProcessInstanceCount(done)).toBe(3);
    expect(
      await h.client.historicProcessInstanceCount({
        ...done,
        processInstanceIds: instances.slice(0, 2).join(','),
      }),
    ).toBe(2);
  });
});
