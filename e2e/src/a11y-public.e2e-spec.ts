import { describe, expect, inject, it } from 'vitest';

import { AxeAudit, axeViolations, blockingFindings, settle, THEME_PRESETS } from './a11y';
import { signIn, useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

// Accessibility of the public pages in both languages, and AA contrast with every preset theme colour
// (a11y.ts); the menus' pages are in a11y-admin and a11y-user.

const axe = new AxeAudit(useBrowser());

describe('accessibility of the public pages and the theme colours', () => {
  it('should find no critical or serious violation on the public pages, in both languages', async () => {
    for (const language of ['zh', 'en'] as const) {
      const context = await axe.languageContext(language);
      const page = await context.newPage();
      for (const path of [
        '/login',
        '/login?panel=register',
        '/login?panel=forgot',
        '/agreement',
        '/protocol',
        '/404',
      ]) {
        await page.goto(path);
        await settle(page);
        expect(await page.locator('html').getAttribute('lang')).toBe(
          language === 'zh' ? 'zh-CN' : 'en',
        );
        expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
        await axe.audit(page, `public/${language} ${path}`);
      }
      await context.close();
    }
    expect(axe.blocking).toEqual([]);
  }, 180_000);

  it('should keep AA contrast with every preset theme colour, in the dark and the light sidebar', async () => {
    const context = await axe.languageContext('zh');
    const page = await context.newPage();
    await page.goto('/login');
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/wujie/char/talk');
    const failures: string[] = [];
    for (const sideTheme of ['theme-dark', 'theme-light']) {
      for (const theme of THEME_PRESETS) {
        await page.evaluate(
          (content) =>
            localStorage.setItem(
              'wujie-layout-setting',
              JSON.stringify({ dataType: 'object', content, datetime: Date.now() }),
            ),
          { theme, sideTheme },
        );
        // The users page: filled and subtle buttons, links, badges, the active tab and menu entry.
        await page.goto('/system/user');
        await page.getByTestId('users-page').getByTestId('table').waitFor();
        await settle(page);
        for (const violation of await axeViolations(page, { rules: ['color-contrast'] })) {
          failures.push(
            `${sideTheme} ${theme}: ${violation.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join('; ')}`,
          );
        }
      }
    }
    await context.close();
    expect(failures).toEqual([]);
  }, 300_000);

  it('should catch what it is there to catch: a nameless button, faint text, an image without text', async () => {
    const context = await axe.languageContext('en');
    const page = await context.newPage();
    await page.setContent(
      '<html lang="en"><head><title>Faults</title></head><body><main><h1>Faults</h1>' +
        '<button></button><p style="color:#bbb;background:#fff">faint</p><img src="data:,">' +
        '</main></body></html>',
    );
    const rules = (await blockingFindings(page)).map((finding) => finding.split(':')[0]);
    expect(rules).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'image-alt']));
    // And only within the part of the page asked for.
    expect(await blockingFindings(page, 'h1')).toEqual([]);
    await context.close();
  });

  it('should serve real /robots.txt and /favicon.ico, not the app', async () => {
    const robots = await fetch(`${inject('baseUrl')}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await robots.text()).toMatch(/^User-agent: \*/m);
    const icon = await fetch(`${inject('baseUrl')}/favicon.ico`);
    expect(icon.headers.get('content-type')).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(Buffer.from(await icon.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
