import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  epitopeOutput,
  humanizationOutput,
  libraryOutput,
  numberingOutput,
  RITUXIMAB_VH,
  workerHumanizationOutput,
} from '../../../../test-utils/mission-factories';
import { render } from '../../../../test-utils/render';
import { ResultView } from './ResultView';

describe(ResultView.name, () => {
  it('should say that the node returned nothing when its output is empty', () => {
    render(<ResultView data={{ result: '', files: [] }} name="x" />);
    expect(screen.getByTestId('no-content').textContent).toBe('No content returned from this node');
    expect(screen.queryByTestId('raw-json')).toBeNull();
  });

  it('should show a humanization as a scientist reads it: summary, risk sites by region, numbering, humanized vs parental', () => {
    render(<ResultView data={humanizationOutput()} name="humanize" />);
    expect(screen.getByTestId('result-text').textContent).toBe('Humanized 1 chain');
    expect(screen.getByTestId('result-files').textContent).toContain('rituximab_humanized.fasta');

    const numbering = screen.getByTestId('result-numbering');
    expect(numbering.getAttribute('data-label')).toBe('rituximab_VH');
    expect(within(numbering).getByTestId('cdr-cdr3').textContent).toBe('ARSTYYGGDWYFNV');
    const cdr3 = within(numbering).getAllByText(
      (_, el) => el?.getAttribute('data-region') === 'cdr3',
    );
    expect(cdr3.length).toBe('ARSTYYGGDWYFNV'.length);

    const risks = screen.getByTestId('result-liabilities');
    const regions = within(risks).getByTestId('liabilities-by-region').querySelectorAll('tbody tr');
    expect(regions.length).toBeGreaterThan(0);
    expect(within(risks).getByTestId('liabilities')).toBeTruthy();

    const humanized = screen.getByTestId('result-humanization');
    expect(within(humanized).getByTestId('parental-sequence').textContent).toBe(RITUXIMAB_VH);
    expect(
      within(humanized).getByTestId('humanized-sequence').querySelectorAll('mark').length,
    ).toBeGreaterThan(0);
    expect(within(humanized).getByTestId('humanness-identity').textContent).toMatch(/%.*%/);
    expect(within(humanized).getByTestId('download-fasta')).toBeTruthy();
  });

  it("should show the agent worker's humanization with the summary in the reader's language", () => {
    render(<ResultView data={workerHumanizationOutput()} name="humanize" />);
    expect(screen.getAllByTestId('result-text').map((el) => el.textContent)).toEqual([
      'Humanization: rituximab_VH …',
    ]);
    expect(screen.getByTestId('cdr-cdr3').textContent).toBe('ARSTYYGGDWYFNV');
    const humanized = screen.getByTestId('result-humanization');
    expect(within(humanized).getByTestId('parental-sequence').textContent).toBe(RITUXIMAB_VH);
    expect(within(humanized).getByTestId('humanness-identity').textContent).toMatch(/%.*%/);
  });

  it('should switch to the raw JSON and offer it as a download', () => {
    render(<ResultView data={numberingOutput()} name="numbering" />);
    expect(screen.getByTestId('result-numbering')).toBeTruthy();
    fireEvent.click(screen.getByText('Raw JSON'));
    expect(screen.getByTestId('raw-json').textContent).toContain('"chainType": "heavy"');
    expect(screen.queryByTestId('result-numbering')).toBeNull();
    expect(screen.getAllByTestId('download-json')).toHaveLength(1);
  });

  it('should show data of no known shape as raw JSON at once', () => {
    render(<ResultView data={{ score: 0.93, tags: ['a'] }} name="odd" />);
    expect(screen.getByTestId('raw-json').textContent).toContain('"score": 0.93');
    expect(screen.queryByTestId('result-view-switch')).toBeNull();
  });

  it('should plot epitope scores', () => {
    render(<ResultView data={epitopeOutput()} name="epitopes" />);
    const block = screen.getByTestId('result-epitopes');
    expect(
      within(block).getByTestId('epitope-chart').querySelectorAll('polyline').length,
    ).toBeGreaterThan(0);
    expect(within(block).getByTestId('download-csv')).toBeTruthy();
  });

  it('should sort the designed library by the column clicked', () => {
    const output = libraryOutput();
    render(<ResultView data={output} name="library" />);
    const table = screen.getByTestId('library-table');
    const ranks = () =>
      [...table.querySelectorAll('tbody tr')].map((row) => Number(row.getAttribute('data-rank')));
    expect(ranks()).toEqual(output.design.variants.map((v) => v.rank));
    fireEvent.click(within(table).getByTestId('sort-score'));
    const best = Math.max(...output.design.variants.map((v) => v.score));
    const first = output.design.variants.find((v) => v.rank === ranks()[0])!;
    expect(first.score).toBe(best);
    fireEvent.click(within(table).getByTestId('sort-score'));
    const worst = Math.min(...output.design.variants.map((v) => v.score));
    expect(output.design.variants.find((v) => v.rank === ranks()[0])!.score).toBe(worst);
  });

  it("should say that the agent's structure is the built-in template model, with its regions, and open it in 3D", () => {
    const data = {
      summary: { zh: '内置模板建模完成', en: 'Built-in template model of VH + VL' },
      data: {
        configured: false,
        predictor: 'built-in-template',
        format: 'pdb',
        atoms: 1,
        pdb: 'ATOM      1  CA  GLU H   1       0.000   0.000   0.000  1.00  0.30           C\nEND\n',
        regions: [{ chain: 'L', region: 'cdr1', template: '2FJG', identity: 0.83, error: 0.7 }],
      },
    };
    render(<ResultView data={data} name="structure" />);
    const block = screen.getByTestId('structure-block');
    expect(within(block).getByTestId('structure-built-in').textContent).toContain(
      'Built-in template model, not a deep-learning prediction',
    );
    const rows = [...within(block).getByTestId('structure-regions').querySelectorAll('tr')];
    expect(rows.at(-1)!.textContent).toBe('CDR-L12FJG83%0.7 Å');
    // Mol* itself loads lazily (megabytes; jsdom has no WebGL): the block is on its way to the viewer.
    expect(within(block).getByText('Loading the 3D viewer…')).toBeTruthy();
  });
});
