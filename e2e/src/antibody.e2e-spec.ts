import { join } from 'node:path';

import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { registerUser } from './api';
import { openContext, screenshot, signIn, useBrowser } from './browser';

// Issue 7: an ordinary signed-up user works with the antibody toolkit from the menu. The structure
// comes from the stub predictor the stack starts (stub-predictor.ts), through the gateway.

const browser = useBrowser();

// Trastuzumab VH and VL (DrugBank DB00072). IMGT CDR-H3 per IMGT/mAb-DB: SRWGGDGFYAMDY.
const TRASTUZUMAB = [
  '>trastuzumab_VH',
  'EVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVARIYPTNGYTRYADSVKGRFTISADTSKNTAYLQMNSLRAEDTAVYYCSRWGGDGFYAMDYWGQGTLVTVSS',
  '>trastuzumab_VL',
  'DIQMTQSPSSLSASVGDRVTITCRASQDVNTAVAWYQQKPGKAPKLLIYSASFLYSGVPSRFSGSRSGTDFTLTISSLQPEDFATYYCQQHYTTPPTFGQGTKVEIK',
].join('\n');

describe('antibody toolkit', () => {
  let context: BrowserContext;
  let page: Page;
  const password = 'User#Pass2024';
  /** Scripts loaded from the sign-in page up to the first signed-in screen. */
  const beforeToolkit: string[] = [];

  beforeAll(async () => {
    const phone = await registerUser(password);
    context = await openContext(browser(), { width: 1440, height: 900 });
    page = await context.newPage();
    const record = (request: Request) => {
      if (request.resourceType() === 'script') beforeToolkit.push(request.url());
    };
    page.on('request', record);
    await page.goto('/login');
    await signIn(page, phone, password);
    await page.waitForURL('**/wujie/char/talk');
    await page.waitForLoadState('networkidle');
    page.off('request', record);
  });
  afterAll(() => context.close());

  const tab = (name: string) => page.getByRole('tab', { name });
  /** Two animation frames, so the Mol* canvas has drawn before a screenshot. */
  const frames = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );

  it('should not load the toolkit or Mol* before the toolkit screen is opened', () => {
    expect(beforeToolkit.length).toBeGreaterThan(0);
    // The page, its numbering and analysis code (toolkit.jobs, toolkit.worker) and Mol*. Not the few
    // kilobytes the chat shares with the toolkit (the lazy structure view and the residue styles),
    // which Rollup names after one of its modules: Toolkit.module.css or LazyMolstarViewer, the
    // wrapper that fetches Mol* on first show. Hence chunk names matched whole, from the path's slash.
    const heavy = /\/(AntibodyToolkitPage|toolkit\.(jobs|worker)|MolstarViewer)-/;
    expect(beforeToolkit.filter((url) => heavy.test(url))).toEqual([]);
  });

  it('should open from the menu and number trastuzumab VH with its IMGT CDR-H3', async () => {
    await page.getByTestId('sidebar-menu').getByText('抗体工具箱').click();
    await page.waitForURL('**/wujie/antibody');
    await page.getByTestId('sequence-input').fill(TRASTUZUMAB);
    await page.getByTestId('analyze').click();
    const cdr3 = page.getByTestId('cdr3-trastuzumab_VH');
    await cdr3.waitFor();
    expect(await cdr3.textContent()).toBe('SRWGGDGFYAMDY');
    expect(await page.getByTestId('cdr3-trastuzumab_VL').textContent()).toBe('QQHYTTPPT');
    await tab('编号').waitFor();
    await screenshot(page, 'antibody-numbering-zh');
  });

  it('should switch the texts to English', async () => {
    await page.getByTestId('lang-en').click();
    await tab('Numbering').waitFor();
    await page
      .getByTestId('antibody-toolkit')
      .getByRole('heading', { name: 'Antibody toolkit' })
      .waitFor();
    await page.getByTestId('sidebar-menu').getByText('Antibody toolkit').waitFor();
    expect(await tab('编号').count()).toBe(0);
    await screenshot(page, 'antibody-numbering-en');
  });

  it('should find the DG isomerization site in CDR-H3 with its explanation', async () => {
    await tab('Risk sites').click();
    const risks = page.getByTestId('risks-trastuzumab_VH');
    const row = risks.locator('tr[data-kind="isomerization"]', { hasText: 'DG' });
    await row.waitFor();
    expect(await row.textContent()).toContain('CDR3');
    expect(await row.getAttribute('data-severity')).toBe('high');
    expect(await row.textContent()).toContain('iso-Asp');
    await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'antibody-risks-en');
  });

  it('should show a predicted structure in Mol*', async () => {
    await tab('Structure').click();
    await page.getByTestId('structure-predict').click();
    const viewer = page.locator('[data-testid="molstar-viewer"][data-state="ready"]');
    await viewer.waitFor({ timeout: 60_000 });
    expect(await viewer.locator('canvas').count()).toBe(1);
    expect(await page.getByTestId('structure-label').textContent()).toContain(
      'trastuzumab_VH + trastuzumab_VL',
    );
    // A residue clicked in the sequence beside the view becomes Mol*'s focus (data-focus is written
    // from Mol*'s own focus events).
    const residue = page.getByTestId('fv-sequence').getByTestId('sequence-residue').nth(30);
    const key = await residue.getAttribute('data-residue');
    expect(key).toMatch(/^[HL]:\d+[A-Z]?$/);
    await residue.click();
    await expect.poll(() => viewer.getAttribute('data-focus')).toBe(key);
    expect(await residue.getAttribute('aria-pressed')).toBe('true');
    await viewer.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await frames();
    await screenshot(page, 'antibody-structure-en');
    await page.getByTestId('lang-zh').click();
    await tab('结构').waitFor();
    await viewer.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await frames();
    await screenshot(page, 'antibody-structure-zh');
  });

  it("should predict epitopes on an opened antigen's PDB file and colour it by score", async () => {
    await page.getByTestId('lang-en').click();
    await tab('Structure').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('structure-open').click();
    await (await chooser).setFiles(join(__dirname, 'fixtures', 'antigen.pdb'));
    await page.getByTestId('structure-label').getByText('antigen.pdb').waitFor();
    await page.getByTestId('file-epitopes-predict').click();
    const result = page.getByTestId('structure-epitopes');
    await result.waitFor();
    expect(await result.innerText()).toMatch(/ElliPro on chain A: 120 residues/);
    expect(
      await result.getByTestId('epitope-patches').locator('tr[data-rank]').count(),
    ).toBeGreaterThan(0);
    const viewer = result.locator('[data-testid="molstar-viewer"][data-state="ready"]');
    await viewer.waitFor({ timeout: 60_000 });
    expect(await viewer.locator('canvas').count()).toBe(1);
  });
});
