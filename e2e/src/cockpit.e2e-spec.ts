import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './api';
import { openContext, pageApi, screenshot, signIn, signInAsAdmin, useBrowser } from './browser';
import { type OperatonGateway, operatonMissing, startOperatonGateway } from './operaton';

// Issue 18, Cockpit from the console: the administrator opens Operaton's Cockpit from the menu without
// signing in again and finds a running process instance there; a user without engine:ops:view is
// refused. Issue 29: a finished leave-like instance shows as completed there. Against the real
// Operaton of deploy/engine (started with the proxy secret) behind a gateway of this run that knows it.

const missing = operatonMissing();
if (missing)
  console.warn(`[cockpit] skipped: the real Operaton engine cannot run here: ${missing}`);

const browser = useBrowser();
const stamp = String(Date.now()).slice(-6);
const PROCESS_KEY = 'e2eCockpitReview';
const PROCESS_NAME = `E2E Cockpit review ${stamp}`;
const COCKPIT_MENU_PATH = '/wujie/workflow/cockpit';

/** A process that waits in a user task, so its instance stays running. */
const REVIEW_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="defs" targetNamespace="http://platform.example/e2e">
  <bpmn:process id="${PROCESS_KEY}" name="${PROCESS_NAME}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="toReview" sourceRef="start" targetRef="review" />
    <bpmn:userTask id="review" name="Review the design" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="review" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

const LEAVE_KEY = 'e2eCockpitLeave';

/** A leave request's path, head then HR, both user tasks: completed here through the REST API. */
const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL"
    xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="leaveDefs" targetNamespace="http://platform.example/e2e">
  <bpmn:process id="${LEAVE_KEY}" name="E2E Cockpit leave ${stamp}" isExecutable="true" camunda:historyTimeToLive="P1D">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="toHead" sourceRef="start" targetRef="deptLeader" />
    <bpmn:userTask id="deptLeader" name="Department head" />
    <bpmn:sequenceFlow id="toHr" sourceRef="deptLeader" targetRef="hr" />
    <bpmn:userTask id="hr" name="HR" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="hr" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
</bpmn:definitions>`;

describe.skipIf(missing)('Cockpit from the console (real Operaton)', () => {
  let operaton: OperatonGateway;
  let instanceId: string;
  let leaveId: string;
  const businessKey = `e2e-cockpit-${stamp}`;

  /** A call to the engine's REST API as its service account (the workflow service's way in). */
  const engineApi = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${operaton.rest}${path}`, {
      ...init,
      headers: { authorization: operaton.authorization, ...init.headers },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  const postJson = <T>(path: string, body: unknown) =>
    engineApi<T>(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    operaton = await startOperatonGateway();
    const form = new FormData();
    form.append('deployment-name', `e2e-cockpit-${stamp}`);
    form.append('deployment-source', 'e2e');
    form.append(
      'data',
      new Blob([REVIEW_BPMN], { type: 'application/xml' }),
      'cockpit-review.bpmn',
    );
    form.append('leave', new Blob([LEAVE_BPMN], { type: 'application/xml' }), 'cockpit-leave.bpmn');
    await engineApi('/deployment/create', { method: 'POST', body: form });
    const started = await engineApi<{ id: string; ended: boolean }>(
      `/process-definition/key/${PROCESS_KEY}/start`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ businessKey }),
      },
    );
    expect(started.ended).toBe(false);
    instanceId = started.id;

    // A five-day leave, approved by the head and then by HR: the instance runs to its end.
    const leave = await postJson<{ id: string }>(`/process-definition/key/${LEAVE_KEY}/start`, {
      businessKey: `e2e-leave-${stamp}`,
      variables: { days: { value: 5, type: 'Long' } },
    });
    leaveId = leave.id;
    for (const step of ['deptLeader', 'hr']) {
      const [task] = await engineApi<{ id: string; taskDefinitionKey: string }[]>(
        `/task?processInstanceId=${leaveId}`,
      );
      expect(task.taskDefinitionKey).toBe(step);
      await postJson(`/task/${task.id}/complete`, {});
    }
  }, 240_000);
  afterAll(async () => {
    await operaton?.stop();
  }, 60_000);

  /** Waits for Cockpit's page to show `text` (its views render after their API calls). */
  const cockpitShows = (cockpit: Page, text: string) =>
    cockpit.getByText(text, { exact: true }).first().waitFor({ timeout: 30_000 });

  /** Opens Cockpit from the console's menu, in the tab it opens. */
  const openCockpit = async (context: BrowserContext, page: Page): Promise<Page> => {
    await page
      .getByTestId('sidebar-menu')
      .locator(`[data-menu-path="${COCKPIT_MENU_PATH}"]`)
      .click();
    await page.getByTestId('engine-cockpit').waitFor();
    const [cockpit] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('open-cockpit').click(),
    ]);
    await cockpit.waitForURL('**/operaton/app/cockpit/default/**');
    return cockpit;
  };

  it('should open Cockpit from the menu without a second sign-in and find the running instance', async () => {
    const { context, page } = await signInAsAdmin(browser(), { baseUrl: operaton.baseUrl });
    try {
      const cockpit = await openCockpit(context, page);
      // Signed in as the platform's administrator (engine user u1), not shown the engine's sign-in form.
      await cockpitShows(cockpit, 'Running Process Instances');
      expect(await cockpit.locator('input[name="username"]').count()).toBe(0);
      await page.getByTestId('cockpit-opened').waitFor();

      // Processes → the deployed process → its running instance.
      await cockpit.getByRole('link', { name: 'Processes', exact: true }).first().click();
      await cockpit.getByRole('link', { name: PROCESS_NAME }).first().click();
      await cockpit.getByRole('link', { name: instanceId }).first().click();
      await cockpit.waitForURL(`**#/process-instance/${instanceId}/**`);
      // The instance's own page: its information panel and the user task it waits in.
      await cockpitShows(cockpit, 'Instance ID:');
      await cockpitShows(cockpit, businessKey);
      await cockpit.getByRole('link', { name: 'User Tasks' }).first().click();
      await cockpitShows(cockpit, 'Review the design');
      await screenshot(cockpit, 'cockpit-running-instance');
    } finally {
      await context.close();
    }
  });

  // Operaton's Cockpit (community edition) has no view of its own for a finished process instance
  // (the history views were Camunda's enterprise plugins; its webjar registers history views for
  // decisions only). Asked for one, it reads the instance's history and says it has completed, then
  // shows its process definition: that notice is how a finished instance shows in Cockpit.
  it('should say in Cockpit that a finished leave instance has completed, as its history has it', async () => {
    const history = await engineApi<{ state: string; processDefinitionId: string }>(
      `/history/process-instance/${leaveId}`,
    );
    expect(history.state).toBe('COMPLETED');
    const { context, page } = await signInAsAdmin(browser(), { baseUrl: operaton.baseUrl });
    try {
      const cockpit = await openCockpit(context, page);
      await cockpitShows(cockpit, 'Running Process Instances');
      await cockpit.evaluate((id) => {
        window.location.hash = `#/process-instance/${id}`;
      }, leaveId);
      await cockpit
        .getByText(`Process instance with ID ${leaveId} has been completed.`, { exact: false })
        .first()
        .waitFor({ timeout: 30_000 });
      await cockpit.waitForURL(`**#/process-definition/${history.processDefinitionId}**`);
      await screenshot(cockpit, 'cockpit-finished-instance');
    } finally {
      await context.close();
    }
  });

  it('should refuse a user without engine:ops:view', async () => {
    const password = 'Cockpit#User2024';
    const phone = await registerUser(password);
    const context = await openContext(browser(), undefined, operaton.baseUrl);
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await signIn(page, phone, password);
      await page.waitForURL('**/wujie/char/talk');
      await page.getByTestId('sidebar-menu').waitFor();
      expect(
        await page
          .getByTestId('sidebar-menu')
          .locator(`[data-menu-path="${COCKPIT_MENU_PATH}"]`)
          .count(),
      ).toBe(0);
      await expect(pageApi(page, 'POST', '/engine/cockpit/ticket')).rejects.toThrow(/403/);
      const cockpit = await page.goto('/operaton/app/cockpit/default/');
      expect(cockpit?.status()).toBe(401);
      expect(await page.locator('input[name="username"]').count()).toBe(0);
      await screenshot(page, 'cockpit-refused');
    } finally {
      await context.close();
    }
  });
});
