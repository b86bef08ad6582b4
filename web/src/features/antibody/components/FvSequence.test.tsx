import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import { FvSequence } from './FvSequence';
import { colorsByRegion, pdbResidues, REGION_COLORS, type ResidueRef } from './residue-colors';

/** A CA line in PDB's columns: the residue number in 23-26, its insertion code in 27. */
const atom = (serial: number, residue: string, chain: string, number: string) => {
  const [, digits, insertion] = /^(\d+)(\D?)$/.exec(number)!;
  return `ATOM  ${String(serial).padStart(5)}  CA  ${residue} ${chain}${digits!.padStart(4)}${insertion || ' '}   11.104  13.207   2.100  1.00  0.50           C`;
};

const RESIDUES = pdbResidues(
  [
    atom(1, 'GLU', 'H', '1'),
    atom(2, 'TYR', 'H', '111A'),
    atom(3, 'MSE', 'H', '112'),
    atom(4, 'ASP', 'L', '27'),
  ].join('\n'),
);

/** The sequence with the focus kept by its parent, as FvStructureView keeps it for the 3D view. */
function Focusable({ initial = null }: { initial?: ResidueRef | null }) {
  const [focus, setFocus] = useState<ResidueRef | null>(initial);
  return (
    <>
      <FvSequence
        residues={RESIDUES}
        colors={colorsByRegion(RESIDUES)}
        focus={focus}
        onFocus={setFocus}
      />
      <output data-testid="focus">{focus ? `${focus.chain}:${focus.number}` : ''}</output>
    </>
  );
}

describe(FvSequence.name, () => {
  it('should show each chain in one-letter code, each residue under its colour in 3D', () => {
    render(<Focusable />);
    const heavy = screen.getByRole('group', { name: 'Sequence of chain H' });
    const residues = within(heavy).getAllByTestId('sequence-residue');
    expect(residues.map((r) => r.textContent).join('')).toBe('EYX');
    expect(residues.map((r) => r.getAttribute('data-residue'))).toEqual(['H:1', 'H:111A', 'H:112']);
    expect(residues[1]!.getAttribute('aria-label')).toBe('H 111A TYR');
    expect(residues[1]!.style.borderBottomColor).toBe('rgb(213, 94, 0)'); // CDR-H3
    expect(REGION_COLORS.H.cdr3).toBe(0xd55e00);
    const light = screen.getByRole('group', { name: 'Sequence of chain L' });
    expect(within(light).getByTestId('sequence-residue').textContent).toBe('D');
  });

  it('should focus a clicked residue and mark the one in focus, wherever it was picked', () => {
    render(<Focusable initial={{ chain: 'L', number: '27' }} />);
    const byKey = (key: string) =>
      screen.getAllByTestId('sequence-residue').find((r) => r.dataset.residue === key)!;
    expect(byKey('L:27').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(byKey('H:111A'));
    expect(screen.getByTestId('focus').textContent).toBe('H:111A');
    expect(byKey('H:111A').getAttribute('aria-pressed')).toBe('true');
    expect(byKey('L:27').getAttribute('aria-pressed')).toBe('false');
  });
});
