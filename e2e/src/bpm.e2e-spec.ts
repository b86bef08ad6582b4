import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { blockingFindings } from './a11y';
import { openContext, pageApi, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';

// People's processes in the browser (issue 29, docs/api-bpm.md), the leave scenario: the
// administrator deploys the seeded leave process and sets up, through the API, a department of its own
// with a member A and a head H (its leaderUserId), and an HR user put in the seeded HR work group (the
// rules the seed keeps: deptLeader by script starterDeptLeader, hr by that user group). A asks for five
// days through the leave form, signed in as A; H, whom only the rule names, hears of it live (a socket
// notice and the bell) and approves it from to-do; HR approves it; A sees it approved with its timeline
// and every node of the diagram marked done, and the engine's history has the instance COMPLETED. A
// second request is rejected by H and ends rejected, with the reason on A's page. One browser context
// per person; the names carry a stamp of this run, as the other files run beside this one.

const browser = useBrowser();
const LEAVE_KEY = 'oa_leave';
const PASSWORD = 'Leave#User2026';
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
  .toString(36)
  .padStart(2, '0')}`;

/** Opens a select and clicks its first option, clicking again while the list is still opening. */
async function chooseFirst(page: Page, field: Locator) {
  const target = page.getByRole('option').first();
  for (let attempt = 0; attempt < 40 && !(await target.isVisible()); attempt += 1) {
    if (attempt % 4 === 0) await field.click({ force: true });
    await page.waitForTimeout(100);
  }
  await target.click();
}

/** Approves or rejects the reader's open task on the instance page, and waits for the answer. */
async function decideMyTask(page: Page, verb: 'approve' | 'reject', reason: string) {
  const task = page.getByTestId('my-task');
  await task.waitFor();
  await task.getByTestId(`task-${verb}`).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('reason').fill(reason);
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes(`/bpm/task/${verb}`),
  );
  await dialog.getByTestId('reason-confirm').click();
  expect((await answered).status()).toBe(200);
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens the instance from the reader's to-do list (the task is there once its rule gave it). */
async function openFromTodo(page: Page, instanceId: string) {
  await page.goto('/bpm/task/todo');
  const todo = page.getByTestId('bpm-todo');
  await todo
    .locator(`a[href*="${encodeURIComponent(instanceId)}"]`)
    .first()
    .click();
  await page.waitForURL(/\/bpm\/process-instance\/detail\?id=/);
  await page.getByTestId('instance-detail').waitFor();
}

/** Fills the leave form with `start`..`end` (datetime-local values) and sends it; the leave's id. */
async function requestLeave(page: Page, start: string, end: string, reason: string) {
  const form = page.getByTestId('leave-create');
  await form.waitFor();
  await chooseFirst(page, form.getByTestId('leave-type'));
  await form.getByTestId('leave-start').fill(start);
  await form.getByTestId('leave-end').fill(end);
  await expect.poll(() => form.getByTestId('leave-days').innerText()).toMatch(/5/);
  await form.getByTestId('leave-reason').fill(reason);
  return form;
}

/** Submits the filled leave form and reads the request back: its id and instance. */
async function submitLeave(page: Page, form: Locator) {
  await form.getByTestId('leave-submit').click();
  await page.waitForURL(/\/bpm\/oa\/leave\/detail\?id=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const leave = await pageApi<{ processInstanceId: string; days: number; status: string }>(
    page,
    'GET',
    `/bpm/oa/leave/get?id=${id}`,
  );
  expect(leave).toMatchObject({ days: 5, status: 'running' });
  return { id, instanceId: leave.processInstanceId };
}

/** Reloads the leave's page until its instance shows `status`. */
async function leaveShows(page: Page, id: number, status: RegExp) {
  await expect
    .poll(async () => {
      await page.goto(`/bpm/oa/leave/detail?id=${id}`);
      await page.getByTestId('instance-detail').waitFor();
      return page.getByTestId('instance-detail').getByTestId('instance-status').innerText();
    })
    .toMatch(status);
}

/**
 * The instance in the engine's history. The e2e stack's workflow service runs the embedded engine,
 * whose REST API answers as Operaton's (Cockpit reads the same history there; cockpit.e2e-spec shows
 * Cockpit itself against the real Operaton): GET /history/process-instance, by id.
 */
async function engineHistory(instanceId: string): Promise<{ id: string; state: string }> {
  const response = await fetch(
    `${inject('engineRest')}/history/process-instance?processInstanceId=${encodeURIComponent(instanceId)}`,
    { headers: { authorization: inject('engineAuthorization') } },
  );
  expect(response.status).toBe(200);
  const [instance] = (await response.json()) as { id: string; state: string }[];
  return instance!;
}

interface Person {
  userName: string;
  userId: number;
  context: BrowserContext;
  page: Page;
}

describe("people's processes", () => {
  let admin: { context: BrowserContext; page: Page };
  const people: Person[] = [];

  /** A user of `deptId` (default role, so the process menus), made by the administrator. */
  const createUser = async (role: string, deptId: number) => {
    const userName = `lv${role}${stamp}`;
    await pageApi(admin.page, 'POST', '/system/user', {
      userName,
      nickName: `${role} ${stamp}`,
      password: PASSWORD,
      // With a phone number the phone-binding dialog (mainland users without one) stays away.
      phonenumber: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      deptId,
      roleIds: [2], // ROLE_DEFAULT, which registration grants: the process menus
    });
    const rows = await pageApi<{ userId: number; userName: string }[]>(
      admin.page,
      'GET',
      `/system/user/list?userName=${userName}&pageNum=1&pageSize=10`,
    );
    const userId = rows.find((row) => row.userName === userName)!.userId;
    return { userName, userId };
  };

  /** Signs `user` in on a context of their own, the chat's first-visit tour marked seen. */
  const signInAs = async (user: { userName: string; userId: number }): Promise<Person> => {
    const context = await openContext(browser());
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`[pageerror ${user.userName}]`, e.message));
    await page.goto('/login');
    await signIn(page, user.userName, PASSWORD);
    await page.waitForURL('**/wujie/char/talk');
    await pageApi(page, 'GET', '/system/user/profile/updatetour/1');
    const person = { ...user, context, page };
    people.push(person);
    return person;
  };

  beforeAll(async () => {
    admin = await signInAsAdmin(browser(), { logErrors: true });
  });
  afterAll(async () => {
    for (const person of people) await person.context.close();
    await admin?.context.close();
  });

  it('should run a five-day leave request through the head (by rule) and HR to approved, and a second to rejected', async () => {
    const { page } = admin;
    // 1. The administrator deploys the seeded leave process; nobody is named in its diagram.
    const models = await pageApi<{ id: number; key: string }[]>(
      page,
      'GET',
      `/bpm/model/list?key=${LEAVE_KEY}&pageNum=1&pageSize=10`,
    );
    const model = models.find((row) => row.key === LEAVE_KEY);
    expect(model, 'the seeded leave model').toBeTruthy();
    const diagram = await pageApi<{ bpmnXml: string }>(page, 'GET', `/bpm/model/${model!.id}`);
    expect(diagram.bpmnXml).not.toMatch(/assignee|candidateUsers|candidateGroups/);
    await pageApi(page, 'POST', `/bpm/model/deploy?id=${model!.id}`);
    await page.goto('/bpm/manager/definition');
    await page.getByTestId('bpm-definitions').getByText(LEAVE_KEY, { exact: true }).waitFor();

    // A department of this run with its member A and its head H; HR in the seeded HR work group.
    const dept = await pageApi<{ deptId: number }>(page, 'POST', '/system/dept', {
      parentId: 100,
      deptName: `请假部${stamp}`,
      orderNum: 1,
    });
    const applicant = await createUser('A', dept.deptId);
    const head = await createUser('H', dept.deptId);
    const hr = await createUser('R', 100);
    const saved = await pageApi<Record<string, unknown>>(
      page,
      'GET',
      `/system/dept/${dept.deptId}`,
    );
    await pageApi(page, 'PUT', '/system/dept', { ...saved, leaderUserId: head.userId });
    const groups = await pageApi<
      { id: number; name: string; description?: string; status?: string; memberUserIds: number[] }[]
    >(page, 'GET', '/bpm/user-group/list?name=HR&pageNum=1&pageSize=10');
    const group = groups.find((row) => row.name === '人事 HR');
    expect(group, 'the seeded HR work group').toBeTruthy();
    await pageApi(page, 'PUT', '/bpm/user-group', {
      id: group!.id,
      name: group!.name,
      description: group!.description,
      status: group!.status,
      memberUserIds: [...new Set([...group!.memberUserIds, hr.userId])],
    });

    // H waits on the to-do page, their socket open, the bell counted from here.
    const h = await signInAs(head);
    const socketOpened = h.page.waitForEvent('websocket', { timeout: 30_000 });
    await h.page.goto('/bpm/task/todo');
    await socketOpened;
    await h.page.getByTestId('bpm-todo').waitFor();
    const unread = await pageApi<{ count: number }>(h.page, 'GET', '/wujie/message/unreadCount');
    const bell = (count: number) =>
      h.page.locator(`[data-testid="message-bell-count"][data-count="${count}"]`);
    await bell(unread.count).waitFor();

    // 2. A starts the leave example from the start page, and its form refuses an empty request.
    const a = await signInAs(applicant);
    await a.page.goto('/bpm/process-instance/create');
    await a.page.getByTestId(`definition-${LEAVE_KEY}`).getByRole('button').click();
    await a.page.waitForURL('**/bpm/oa/leave/create');
    const empty = a.page.getByTestId('leave-create');
    await empty.getByTestId('leave-submit').click();
    await expect
      .poll(() => empty.locator('[aria-invalid="true"]').count())
      .toBeGreaterThanOrEqual(4);
    const form = await requestLeave(a.page, '2026-12-01T09:00', '2026-12-06T09:00', 'Family visit');
    await screenshot(a.page, 'bpm-leave-create');
    // 3. H hears of it without a reload: a notice and one more on the bell.
    const noticed = h.page
      .getByText(/新的待办|New task to do/)
      .filter({ visible: true })
      .first()
      .waitFor({ timeout: 15_000 });
    const counted = bell(unread.count + 1).waitFor({ timeout: 15_000 });
    const first = await submitLeave(a.page, form);
    await Promise.all([noticed, counted]);
    await screenshot(h.page, 'bpm-head-notified');

    // Among A's processes, running.
    await a.page.goto('/bpm/process-instance/my');
    await a.page
      .getByTestId('bpm-my-processes')
      .locator(`a[href*="${encodeURIComponent(first.instanceId)}"]`)
      .first()
      .waitFor();

    // H finds it in to-do, as its assignee, and approves it.
    await openFromTodo(h.page, first.instanceId);
    await h.page.getByTestId('task-timeline').getByTestId('timeline-deptLeader').waitFor();
    await screenshot(h.page, 'bpm-instance-todo');
    await decideMyTask(h.page, 'approve', 'Enjoy');

    // 4. More than three days: HR's step follows, offered to the work group; HR fills the step's
    // own form (its user task's formKey names the seeded HR remark form) and approves it.
    const r = await signInAs(hr);
    await openFromTodo(r.page, first.instanceId);
    await r.page
      .getByTestId('task-form')
      .getByLabel(/人事备注|HR remark/)
      .fill('Ten days left this year');
    await decideMyTask(r.page, 'approve', 'Approved by HR');

    // 5. A sees it approved: both steps on the timeline, every node of the diagram done.
    await leaveShows(a.page, first.id, /已通过|Approved/);
    const timeline = a.page.getByTestId('task-timeline');
    await timeline
      .getByTestId('timeline-deptLeader')
      .getByText('Enjoy', { exact: false })
      .waitFor();
    await timeline
      .getByTestId('timeline-hr')
      .getByText('Approved by HR', { exact: false })
      .waitFor();
    // HR's form, read-only now, with what HR wrote.
    const remark = a.page.locator('[data-testid^="step-form-"]').getByLabel(/人事备注|HR remark/);
    await expect.poll(() => remark.inputValue()).toBe('Ten days left this year');
    expect(await remark.isEditable()).toBe(false);
    const drawn = a.page.locator('.djs-container');
    for (const node of ['start', 'deptLeader', 'length', 'hr', 'end'])
      await drawn.locator(`[data-element-id="${node}"].highlight`).waitFor();
    expect(await drawn.locator('.todo, .reject').count()).toBe(0);
    await screenshot(a.page, 'bpm-instance-approved');
    const approved = await pageApi<{ status: string }>(
      a.page,
      'GET',
      `/bpm/oa/leave/get?id=${first.id}`,
    );
    expect(approved.status).toBe('approved');
    // H's done list holds the step.
    await h.page.goto('/bpm/task/done');
    await h.page
      .getByTestId('bpm-done')
      .locator(`a[href*="${encodeURIComponent(first.instanceId)}"]`)
      .first()
      .waitFor();

    // 6. The same instance, finished, in the engine's history (what Cockpit lists).
    expect(await engineHistory(first.instanceId)).toMatchObject({
      id: first.instanceId,
      state: 'COMPLETED',
    });

    // A second request: H rejects it; it ends rejected, the reason on A's page.
    await a.page.goto('/bpm/oa/leave/create');
    const again = await requestLeave(a.page, '2026-12-20T09:00', '2026-12-25T09:00', 'Year end');
    const second = await submitLeave(a.page, again);
    await openFromTodo(h.page, second.instanceId);
    await decideMyTask(h.page, 'reject', '年底太忙');
    await leaveShows(a.page, second.id, /已驳回|Rejected/);
    await a.page.getByTestId('instance-reason').getByText('年底太忙', { exact: false }).waitFor();
    await a.page.locator('.djs-container [data-element-id="deptLeader"].reject').waitFor();
    expect(await a.page.locator('.djs-container [data-element-id="hr"].highlight').count()).toBe(0);
    await screenshot(a.page, 'bpm-instance-rejected');
    // Rejection deletes the instance in the engine: ended, not completed.
    expect((await engineHistory(second.instanceId)).state).toBe('EXTERNALLY_TERMINATED');
  }, 240_000);

  it('should save a form from the form builder and refuse a start with its required field empty', async () => {
    const { context, page } = await signInAsAdmin(browser(), { logErrors: true });

    // The builder (tool/build) saves what it holds as a process form, with its schema.
    await page.goto('/tool/build');
    const builder = page.getByTestId('form-builder');
    await builder.locator('[data-testid="formjs-editor"][data-state="ready"]').waitFor();
    expect(await blockingFindings(page)).toEqual([]);
    await screenshot(page, 'form-builder');
    await builder.getByTestId('field-name').fill('Builder form e2e');
    await builder.getByTestId('form-submit').click();
    await page.waitForURL(/\/bpm\/manager\/form\/edit\?id=\d+/);
    const builtId = Number(new URL(page.url()).searchParams.get('id'));
    const built = await pageApi<{ schema: { type: string; components: unknown[] } }>(
      page,
      'GET',
      `/bpm/form/${builtId}`,
    );
    expect(built.schema).toMatchObject({ type: 'default', components: [] });

    // A form with a required, bilingual field, used as a process's start form.
    const schema = {
      type: 'default',
      id: 'Form',
      components: [
        {
          type: 'textfield',
          id: 'Field_city',
          key: 'city',
          label: '出差城市',
          validate: { required: true },
          properties: { labelEn: 'Destination city' },
        },
      ],
    };
    const form = await pageApi<{ id: number }>(page, 'POST', '/bpm/form', {
      name: 'Trip form e2e',
      schema,
    });
    // The edit page opens it in the builder and saves it back as a schema.
    await page.goto(`/bpm/manager/form/edit?id=${form.id}`);
    await page.locator('[data-testid="formjs-editor"][data-state="ready"]').waitFor();
    expect(await blockingFindings(page)).toEqual([]);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/bpm/form'),
    );
    await page.getByTestId('form-submit').click();
    expect((await saved).status()).toBe(200);
    const reread = await pageApi<{ schema: typeof schema }>(page, 'GET', `/bpm/form/${form.id}`);
    expect(reread.schema.components).toMatchObject(schema.components);

    // A process using it: the leave diagram under another key, with the form as its start form.
    const [leaveRow] = await pageApi<{ id: number; key: string }[]>(
      page,
      'GET',
      `/bpm/model/list?key=${LEAVE_KEY}&pageNum=1&pageSize=10`,
    );
    const leaveModel = await pageApi<{ bpmnXml: string }>(
      page,
      'GET',
      `/bpm/model/${leaveRow!.id}`,
    );
    const model = await pageApi<{ id: number }>(page, 'POST', '/bpm/model', {
      key: 'form_trip_e2e',
      name: 'Trip e2e',
      category: 'oa',
      formId: form.id,
      bpmnXml: leaveModel.bpmnXml.replaceAll(LEAVE_KEY, 'form_trip_e2e'),
    });
    await pageApi(page, 'POST', `/bpm/model/deploy?id=${model.id}`);

    await page.goto('/bpm/process-instance/create');
    await page.getByTestId('definition-form_trip_e2e').getByRole('button').click();
    const startForm = page.getByTestId('start-form');
    await startForm.locator('[data-testid="formjs-viewer"][data-state="ready"]').waitFor();
    const city = startForm.getByLabel(/出差城市|Destination city/);
    await city.waitFor();
    expect(await blockingFindings(page)).toEqual([]);
    await startForm.getByTestId('start-process').click();
    await startForm.getByText(/此项为必填项|This field is required/).waitFor();
    await screenshot(page, 'bpm-start-form-required');
    expect(page.url()).toContain('/bpm/process-instance/create');
    await context.close();
  });
});
