import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { captchaAnswer, openContext, pageApi, signInAsAdmin, useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

// Issue 20: the whole path done with the keyboard only (Tab, Shift+Tab, typing, Enter, Space, Escape;
// no click, no fill): sign in, the skip link, open a user's edit dialog, change
// it and submit, open it again and close it with Escape, focus coming back to where it was.

const browser = useBrowser();

const focused = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector);

/**
 * Presses `key` until the focused element is, or is inside, `selector`; `settleMs` between presses
 * where the page moves focus itself after a key (a menu opening puts focus in its dropdown once its
 * transition has run: on a loaded machine, six presses could all land before that).
 */
async function pressUntil(page: Page, key: string, selector: string, max: number, settleMs = 0) {
  for (let i = 0; i < max; i += 1) {
    if (await focused(page, selector)) return;
    await page.keyboard.press(key);
    if (settleMs > 0) await page.waitForTimeout(settleMs);
  }
  // What a failure needs to be told apart: where focus is, and whether a menu (dropdown) is open.
  const at = await page.evaluate(() => ({
    focus: document.activeElement?.outerHTML.slice(0, 200),
    menus: Array.from(document.querySelectorAll('[role="menu"]'), (m) => m.outerHTML.slice(0, 120)),
  }));
  throw new Error(`${key} never reached ${selector}; ${JSON.stringify(at)}`);
}

/** Presses Tab (Shift+Tab when `back`) until the focused element is, or is inside, `selector`. */
const tabTo = (page: Page, selector: string, { back = false, max = 80 } = {}) =>
  pressUntil(page, back ? 'Shift+Tab' : 'Tab', selector, max);

/** The focused element's visible focus ring: an outline or a box shadow wider than nothing. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return (
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      style.boxShadow !== 'none'
    );
  });

describe('keyboard only', () => {
  it('should sign in, open the users page, edit a user and close the dialog without the mouse', async () => {
    const context = await openContext(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-identifier').waitFor();

    await tabTo(page, '[data-testid="login-identifier"]');
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.type('admin');
    await tabTo(page, '[data-testid="login-password"]');
    await page.keyboard.type(ADMIN_PASSWORD);
    const answer = await captchaAnswer(page);
    if (answer) {
      await tabTo(page, '[data-testid="login-captcha"]');
      await page.keyboard.type(answer);
    }
    await tabTo(page, '[data-testid="agreement"]');
    await page.keyboard.press('Space');
    expect(await page.getByTestId('agreement').isChecked()).toBe(true);
    await tabTo(page, '[data-testid="login-submit"]');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/wujie/char/talk');

    // The skip link (the layout's first stop) takes focus to the page.
    await page.locator('[data-testid="main-layout"]').waitFor();
    await tabTo(page, '[data-testid="skip-link"]', { back: true });
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page, '#main-content')).toBe(true);

    // A user to edit (set up through the API, as in the other tests).
    const userName = `kbd${Date.now().toString().slice(-7)}`;
    await pageApi(page, 'POST', '/system/user', {
      userName,
      nickName: 'Keyboard',
      password: 'Kbd#Pass2026',
      phonenumber: `1370${Date.now().toString().slice(-7)}`,
      status: '0',
    });

    // The users page by its address (typed, as a keyboard user would).
    await page.goto('/system/user');
    await page.waitForURL('**/system/user');
    const row = page.getByTestId('users-page').locator('tr', { hasText: userName });
    await row.waitFor();

    const edit = `[data-testid="${await row.getAttribute('data-testid')}"] [data-testid="edit"]`;
    await tabTo(page, edit);
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('field-nickName').waitFor();
    // Focus moved into the dialog and stays there (Tab cycles inside it).
    await expect.poll(() => focused(page, '[role="dialog"]')).toBe(true);
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focused(page, '[role="dialog"]')).toBe(true);
    }
    await tabTo(page, '[role="dialog"] [data-testid="field-nickName"]');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Edited by keyboard');
    await tabTo(page, '[role="dialog"] [data-testid="form-submit"]');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Edited by keyboard').waitFor();

    // Open again and close with Escape: focus goes back to the edit button.
    await tabTo(page, edit);
    await page.keyboard.press('Enter');
    await dialog.getByTestId('field-nickName').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page, edit)).toBe(true);
    await context.close();
  });
});

/** The `data-menu-path` of the focused sidebar entry, or null when focus is elsewhere. */
const focusedMenuPath = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement?.closest('[data-testid="sidebar-menu"]') &&
      document.activeElement.getAttribute('data-menu-path'),
  );

/** The sidebar's entries a user sees now (pages and group headers), in document order. */
const shownMenuEntries = (page: Page) =>
  page.getByTestId('sidebar-menu').evaluate((menu) =>
    Array.from(menu.querySelectorAll<HTMLElement>('[data-menu-path]'))
      .filter((entry) => entry.checkVisibility())
      .map((entry) => entry.getAttribute('data-menu-path')),
  );

/** The sidebar entries focus walks through with `key` until it leaves the menu. */
async function walkMenu(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<string[]> {
  const walked: string[] = [];
  for (let i = 0; i < 100; i += 1) {
    await page.keyboard.press(key);
    const path = await focusedMenuPath(page);
    if (!path) return walked;
    walked.push(path);
  }
  throw new Error('focus never left the sidebar');
}

describe('keyboard only in the sidebar', () => {
  it('should walk every shown entry with Tab and Shift+Tab, open and close a group, and skip its hidden pages', async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.goto('/index');
    const menu = page.getByTestId('sidebar-menu');
    const group = '[data-testid="sidebar-menu"] [data-menu-path="/monitor"]';
    await menu.locator('[data-menu-path="/monitor"]').waitFor();
    // The groups not holding the current page start closed: their pages are not shown.
    expect(await menu.locator('[data-menu-path="/monitor/online"]').isVisible()).toBe(false);

    // The skip link is the first stop, before the sidebar it skips.
    await page.keyboard.press('Tab');
    expect(await focused(page, '[data-testid="skip-link"]')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page, '[data-testid="sidebar-logo"]')).toBe(true);

    // Over the whole sidebar and back: every shown entry, the group headers included, and none of a
    // closed group's pages.
    const shown = await shownMenuEntries(page);
    expect(shown).toContain('/monitor');
    expect(shown).not.toContain('/monitor/online');
    expect(await walkMenu(page, 'Tab')).toEqual(shown);
    expect(await focused(page, '[data-testid="sidebar-toggle"]')).toBe(true);
    expect(await walkMenu(page, 'Shift+Tab')).toEqual([...shown].reverse());
    expect(await focused(page, '[data-testid="sidebar-logo"]')).toBe(true);

    // A group opens with Enter: its pages follow it, forwards and back.
    await tabTo(page, group);
    expect(await focusRing(page)).toBe(true);
    expect(await page.locator(group).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    expect(await page.locator(group).getAttribute('aria-expanded')).toBe('true');
    await menu.locator('[data-menu-path="/monitor/server"]').waitFor();
    await page.keyboard.press('Tab');
    expect(await focusedMenuPath(page)).toBe('/monitor/online');
    const opened = await shownMenuEntries(page);
    expect(opened).toEqual(expect.arrayContaining(['/monitor/online', '/monitor/server']));
    // Shift+Tab from the main content reaches the group's last page.
    await tabTo(page, '[data-testid="skip-link"]', { back: true });
    await page.keyboard.press('Enter');
    expect(await focused(page, '#main-content')).toBe(true);
    await tabTo(page, '[data-testid="sidebar-menu"] [data-menu-path="/monitor/server"]', {
      back: true,
    });
    expect(await walkMenu(page, 'Tab')).toEqual(
      opened.slice(opened.indexOf('/monitor/server') + 1),
    );
    expect(await walkMenu(page, 'Shift+Tab')).toEqual([...opened].reverse());

    // Space closes it again: its pages leave the tab order.
    await tabTo(page, group);
    await page.keyboard.press('Space');
    expect(await page.locator(group).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Tab');
    expect(await focusedMenuPath(page)).toBe('/tool');
    await tabTo(page, '[data-testid="sidebar-toggle"]');
    expect(await walkMenu(page, 'Shift+Tab')).toEqual([...shown].reverse());

    // Collapsed to icons, a group's pages are in a menu Enter opens; Enter on one goes there.
    await tabTo(page, '[data-testid="sidebar-toggle"]');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="sidebar-menu"][data-collapsed]').waitFor();
    await tabTo(page, group, { back: true });
    await page.keyboard.press('Enter');
    const pages = page.getByRole('menu');
    await pages.waitFor();
    // A menu's items are reached with the arrow keys (the menu pattern), not with Tab.
    await pressUntil(page, 'ArrowDown', '[role="menu"] [href="/monitor/server"]', 6, 200);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/monitor/server');
    await context.close();
  });
});

interface PageShape {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  incoming: { source: { id: string } }[];
}

/** The modeler's services these tests read inside the page. */
interface ModelerHandle {
  get(name: 'elementRegistry'): { filter(test: (element: PageShape) => boolean): PageShape[] };
  get(name: 'selection'): { get(): { id: string }[] };
  get(name: 'canvas'): { viewbox(): { x: number; y: number; width: number; height: number } };
}

/** Shapes of `type` on the canvas, the selected element ids and the viewbox. */
const diagramState = (page: Page, type: string) =>
  page.evaluate((type) => {
    const modeler = (
      document.querySelector('[data-testid="designer-canvas"]') as unknown as {
        bpmnModeler: ModelerHandle;
      }
    ).bpmnModeler;
    const shapes = modeler
      .get('elementRegistry')
      .filter((element) => element.type === type)
      .map((shape) => ({
        id: shape.id,
        x: shape.x,
        y: shape.y,
        width: shape.width,
        height: shape.height,
        incoming: shape.incoming.map((flow) => flow.source.id),
      }));
    const selected = modeler
      .get('selection')
      .get()
      .map((element) => element.id);
    return { shapes, selected, viewbox: modeler.get('canvas').viewbox() };
  }, type);

describe('keyboard only in the designer', () => {
  it('should place palette shapes with Enter and Space, selected and in the panel, and edit them with the canvas keys', async () => {
    const { context, page } = await signInAsAdmin(browser(), {
      viewport: { width: 1680, height: 1000 },
      logErrors: true,
    });
    await page.goto('/bpm/manager/model/design');
    await page.waitForFunction(
      () =>
        !!(document.querySelector('[data-testid="designer-canvas"]') as { bpmnModeler?: unknown })
          ?.bpmnModeler &&
        !!document.querySelector('[data-testid="properties-panel"]') &&
        !!document.querySelector('.djs-palette .entry[tabindex="0"]'),
    );
    const panel = page.getByTestId('properties-panel');
    const before = await diagramState(page, 'bpmn:Task');
    const [start] = (await diagramState(page, 'bpmn:StartEvent')).shapes;

    // Nothing selected: Enter on the task entry puts a task in a free place of the visible canvas.
    await tabTo(page, '.djs-palette .entry[data-action="create.task"]');
    expect(await focusRing(page)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await diagramState(page, 'bpmn:Task')).shapes.length)
      .toBe(before.shapes.length + 1);
    const placed = await diagramState(page, 'bpmn:Task');
    const task = placed.shapes.find((shape) => !before.shapes.some((old) => old.id === shape.id))!;
    expect(placed.selected).toEqual([task.id]);
    await page.locator(`[data-testid="properties-panel"][data-element-id="${task.id}"]`).waitFor();
    expect(await panel.getAttribute('data-element-type')).toBe('bpmn:Task');
    const { viewbox } = placed;
    expect(task.x).toBeGreaterThanOrEqual(viewbox.x);
    expect(task.y).toBeGreaterThanOrEqual(viewbox.y);
    expect(task.x + task.width).toBeLessThanOrEqual(viewbox.x + viewbox.width);
    expect(task.y + task.height).toBeLessThanOrEqual(viewbox.y + viewbox.height);
    const apart =
      task.x >= start!.x + start!.width ||
      task.x + task.width <= start!.x ||
      task.y >= start!.y + start!.height ||
      task.y + task.height <= start!.y;
    expect(apart).toBe(true);
    // Focus stays on the entry (a toolbar button), so the next shape is one key away.
    expect(await focused(page, '.djs-palette .entry[data-action="create.task"]')).toBe(true);

    // With the task selected, Space on the gateway entry appends a gateway to it, connected.
    await tabTo(page, '.djs-palette .entry[data-action="create.exclusive-gateway"]', {
      back: true,
    });
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await diagramState(page, 'bpmn:ExclusiveGateway')).shapes.length)
      .toBe(1);
    const appended = await diagramState(page, 'bpmn:ExclusiveGateway');
    const gateway = appended.shapes[0]!;
    expect(gateway.incoming).toEqual([task.id]);
    expect(gateway.x).toBeGreaterThan(task.x + task.width);
    expect(appended.selected).toEqual([gateway.id]);
    await page
      .locator(`[data-testid="properties-panel"][data-element-id="${gateway.id}"]`)
      .waitFor();

    // The canvas takes the library's keys once focused: arrows move the selection, Delete removes
    // it, Ctrl+Z brings it back.
    await tabTo(page, '[data-testid="designer-canvas"] svg[tabindex="0"]', { back: true });
    await page.keyboard.press('Shift+ArrowDown');
    await expect
      .poll(async () => (await diagramState(page, 'bpmn:ExclusiveGateway')).shapes[0]?.y)
      .toBe(gateway.y + 10);
    await page.keyboard.press('Delete');
    await expect
      .poll(async () => (await diagramState(page, 'bpmn:ExclusiveGateway')).shapes.length)
      .toBe(0);
    await page.keyboard.press('ControlOrMeta+z');
    await expect
      .poll(async () => (await diagramState(page, 'bpmn:ExclusiveGateway')).shapes.length)
      .toBe(1);
    await context.close();
  });
});
