import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';

import { registerUser } from './api';
import { downloaded, openContext, screenshot, signIn, useBrowser } from './browser';

// Issue 26: a user uploads an antigen's structure (a PDB file) in the chat and asks for its epitopes.
// The built-in planner (no LLM_BASE_URL in the stack) reads the file's chain and starts the epitope
// workflow; the message's PDB atoms go with the mission, the agent worker runs ElliPro on them, and
// the result card shows the antigen in Mol* coloured by epitope score beside the ranked patches. A
// residue clicked in the patch table becomes Mol*'s focus: the viewer's data-focus is written from
// Mol*'s own focus events, so the test reads what Mol* focused, not what the page asked for.
const MISSION_TIMEOUT_MS = 120_000;
const browser = useBrowser();
const PASSWORD = 'Epitope#Pass2026';
const ANTIGEN_PDB = readFileSync(join(__dirname, 'fixtures', 'antigen.pdb'));

describe('structure-based epitopes in the chat', () => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it(
    'should show an uploaded antigen in 3D with its predicted patches, and focus a residue clicked in the table',
    async () => {
      const phone = await registerUser(PASSWORD);
      const context = await openContext(browser(), { width: 1440, height: 900 });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto('/login');
      await signIn(page, phone, PASSWORD);
      await page.waitForURL('**/wujie/char/talk');
      await page.getByTestId('chat-page').waitFor();
      await page.getByTestId('lang-en').click();
      await page.getByTestId('chat-send').getByText('Send').waitFor();

      const chooser = page.waitForEvent('filechooser');
      await page.getByTestId('chat-attach').click();
      await (
        await chooser
      ).setFiles([{ name: 'antigen.pdb', mimeType: 'chemical/x-pdb', buffer: ANTIGEN_PDB }]);
      await page.getByTestId('chat-attachment').getByText('antigen.pdb').waitFor();
      await page.getByTestId('chat-input').fill('Predict the epitopes on this antigen structure');
      await page.locator('[data-testid="chat-send"]:not([disabled])').click();

      const card = page.getByTestId('mission-card');
      await card.waitFor();
      await page
        .locator('[data-testid="mission-card"][data-phase="completed"]')
        .waitFor({ timeout: MISSION_TIMEOUT_MS });

      const result = card.getByTestId('structure-epitopes').first();
      await result.waitFor();
      expect(await result.innerText()).toMatch(/ElliPro on chain A: 120 residues/);
      const patches = result.getByTestId('epitope-patches').locator('tr[data-rank]');
      expect(await patches.count()).toBeGreaterThan(0);
      expect(await patches.first().getAttribute('data-rank')).toBe('1');

      const viewer = result.locator('[data-testid="molstar-viewer"][data-state="ready"]');
      await viewer.waitFor({ timeout: 60_000 });
      expect(await viewer.getAttribute('data-focus')).toBe('');

      const residue = patches.first().getByTestId('epitope-residue').first();
      const key = await residue.getAttribute('data-residue');
      expect(key).toMatch(/^A:\d+$/);
      await residue.click();
      await expect.poll(() => viewer.getAttribute('data-focus')).toBe(key);
      expect(await residue.getAttribute('aria-pressed')).toBe('true');
      await viewer.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await screenshot(page, 'chat-structure-epitopes-en');

      // The scores download as CSV, one row per residue of the chain.
      const download = page.waitForEvent('download');
      await card.getByTestId('result-structure-epitopes').getByTestId('download-csv').click();
      const csv = (await downloaded(await download)).toString('utf8');
      expect(csv.trim().split(/\r?\n/)).toHaveLength(121);
    },
    MISSION_TIMEOUT_MS + 120_000,
  );
});
