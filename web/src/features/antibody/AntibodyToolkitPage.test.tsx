import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../../test-utils/api-server';
import { render } from '../../../test-utils/render';
import { activateLanguage } from '../../lib/i18n';
import { AntibodyToolkitPage } from './AntibodyToolkitPage';
import { EXAMPLE_ANTIBODIES } from './examples';

const server = useApiServer();
// The first analysis builds the germline index and humanizes four domains in this thread (jsdom has
// no workers), which can take a few seconds on a busy machine.
const LONG = { timeout: 10_000 };

afterEach(() => activateLanguage('en', false));

function enter(text: string) {
  fireEvent.change(screen.getByTestId('sequence-input'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('analyze'));
}

describe(AntibodyToolkitPage.name, () => {
  it('should number the example antibodies and show CDR-H3, risk sites and humanization', async () => {
    render(<AntibodyToolkitPage />);
    expect(screen.getAllByTestId('toolkit-empty').length).toBeGreaterThan(0);
    enter(EXAMPLE_ANTIBODIES);
    const cdr3 = await screen.findByTestId('cdr3-trastuzumab_VH', {}, LONG);
    expect(cdr3.textContent).toBe('SRWGGDGFYAMDY');
    expect(screen.getByTestId('cdr3-trastuzumab_VL').textContent).toBe('QQHYTTPPT');

    const risks = screen.getByTestId('risks-trastuzumab_VH');
    const dg = within(risks).getAllByText('DG')[0]!.closest('tr')!;
    expect(dg.getAttribute('data-kind')).toBe('isomerization');
    expect(within(dg).getByText('CDR3')).toBeTruthy();
    expect(dg.textContent).toContain('iso-Asp');

    const humanized = screen.getByTestId('humanization-rituximab_VH');
    const kept = within(humanized).getByTestId('back-mutations-kept-table');
    expect(kept.querySelectorAll('tbody tr').length).toBeGreaterThan(0);
    expect(kept.textContent).toContain('Vernier');
    expect(within(humanized).getByTestId('back-mutations-vernier')).toBeTruthy();
    expect(within(humanized).getByTestId('back-mutations-interface')).toBeTruthy();
  });

  it('should renumber under Kabat when the scheme changes', async () => {
    render(<AntibodyToolkitPage />);
    enter(EXAMPLE_ANTIBODIES.split('\n').slice(0, 2).join('\n'));
    await screen.findByTestId('cdr3-trastuzumab_VH', {}, LONG);
    fireEvent.click(within(screen.getByTestId('scheme')).getByText('Kabat'));
    await waitFor(
      () => expect(screen.getByTestId('cdr3-trastuzumab_VH').textContent).toBe('WGGDGFYAMDY'),
      LONG,
    );
  });

  it("should show the toolkit's error in the UI language", async () => {
    render(<AntibodyToolkitPage />);
    enter('EVQLVESGG*GLVQPGGSLRLSCAAS');
    const error = await screen.findAllByTestId('toolkit-error', {}, LONG);
    const english = error[0]!.textContent;
    await activateLanguage('zh', false);
    await waitFor(() =>
      expect(screen.getAllByTestId('toolkit-error')[0]!.textContent).not.toBe(english),
    );
    expect(screen.getAllByTestId('toolkit-error')[0]!.textContent).toMatch(/[\u4e00-\u9fff]/);
    expect(screen.getByText('抗体工具箱')).toBeTruthy();
  });

  it("should show the gateway's message when no structure predictor is configured", async () => {
    server().on('/wujie/antibody/structure', (_req, res) =>
      json(res, { code: 500, msg: 'The structure predictor is not configured' }),
    );
    render(<AntibodyToolkitPage />);
    enter(EXAMPLE_ANTIBODIES.split('\n').slice(0, 4).join('\n'));
    await screen.findByTestId('cdr3-trastuzumab_VH', {}, LONG);
    fireEvent.click(screen.getByTestId('structure-predict'));
    const alert = await screen.findByTestId('structure-error', {}, LONG);
    expect(alert.textContent).toBe('The structure predictor is not configured');
    const call = server().seen.find((r) => r.url.startsWith('/prod-api/wujie/antibody/structure'))!;
    expect(JSON.parse(call.body)).toEqual({
      heavy: EXAMPLE_ANTIBODIES.split('\n')[1],
      light: EXAMPLE_ANTIBODIES.split('\n')[3],
    });
  });

  it('should say that a model is the built-in template model and show its regions', async () => {
    const pdb =
      'ATOM      1  CA  GLU H   1       0.000   0.000   0.000  1.00  0.30           C\nEND\n';
    server().on('/wujie/antibody/structure', (_req, res) =>
      json(res, {
        code: 200,
        data: {
          pdb,
          atoms: 1,
          predictor: 'built-in-template',
          regions: [
            { chain: 'H', region: 'framework', template: '7KF1', identity: 1, error: 0.3 },
            { chain: 'H', region: 'cdr3', template: '3L5W', identity: 0.38, error: 2.14 },
          ],
        },
      }),
    );
    render(<AntibodyToolkitPage />);
    enter(EXAMPLE_ANTIBODIES.split('\n').slice(0, 4).join('\n'));
    await screen.findByTestId('cdr3-trastuzumab_VH', {}, LONG);
    fireEvent.click(screen.getByTestId('structure-predict'));
    const note = await screen.findByTestId('structure-built-in', {}, LONG);
    expect(note.textContent).toContain('Built-in template model, not a deep-learning prediction');
    const rows = [...screen.getByTestId('structure-regions').querySelectorAll('tr')];
    expect(rows.map((r) => r.textContent)).toEqual([
      'RegionTemplate (PDB)IdentityEstimated error',
      'Framework H7KF1100%0.3 Å',
      'CDR-H33L5W38%2.1 Å',
    ]);
  });
});
