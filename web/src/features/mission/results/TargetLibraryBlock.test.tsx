import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import { ResultView } from './ResultView';
import { workerTargetOutput } from './target-library.fixture';

describe('TargetLibraryBlock', () => {
  it('should say what the library is, show the epitope on the antigen, CDR logos and the ranked table', () => {
    const output = workerTargetOutput();
    render(<ResultView data={output} name="design" />);
    const card = screen.getByTestId('result-target-library');
    expect(within(card).getByTestId('target-claim').textContent).toMatch(
      /not a prediction of binding/,
    );
    const { start, end } = output.design.epitope;
    expect(within(card).getByTestId('target-epitope').textContent).toContain(`${start}-${end}`);
    const marked = within(card).getByTestId('target-antigen').querySelectorAll('mark');
    expect(marked.length).toBe(output.design.epitope.positions.length);
    for (const cdr of ['h1', 'h2', 'h3', 'l3']) {
      const logo = within(card).getByTestId(`logo-${cdr}`);
      expect(logo.querySelector('svg')?.getAttribute('aria-label')).toMatch(/sequence logo/);
    }
    const rows = within(card).getByTestId('target-table').querySelectorAll('tbody tr');
    expect(rows.length).toBe(50);
    expect(rows[0]!.textContent).toContain(output.design.rows[0]!.cdrs.h3);
    expect(within(card).getByTestId('download-csv')).toBeTruthy();
    expect(within(card).getByTestId('download-fasta')).toBeTruthy();
  });
});
