import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { render } from '../../../../test-utils/render';
import { ToolkitJobError } from '../toolkit.errors';
import { runJob } from '../toolkit.jobs';
import { FileEpitopes } from './FileEpitopes';

// The antigen the e2e chat test uploads (one chain A, 120 residues), and a file with a second,
// shorter chain B: its first 60 residues moved 40 Å away.
// (jsdom's import.meta.url is no file URL; Vitest runs in web/.)
const ANTIGEN = readFileSync(resolve(process.cwd(), '../e2e/src/fixtures/antigen.pdb'), 'utf8');
const atoms = ANTIGEN.split('\n').filter((l) => l.startsWith('ATOM'));
const chainB = atoms
  .filter((l) => Number(l.slice(22, 26)) <= 60)
  .map(
    (l) =>
      `${l.slice(0, 21)}B${l.slice(22, 30)}${(Number(l.slice(30, 38)) + 40).toFixed(3).padStart(8)}${l.slice(38)}`,
  );
const TWO_CHAINS = [...atoms, ...chainB].join('\n');

describe(FileEpitopes.name, () => {
  it('should predict ElliPro epitopes on the longest chain and show them instead of the plain view', async () => {
    render(<FileEpitopes pdb={TWO_CHAINS} plain={<div data-testid="plain-view" />} />);
    expect(screen.getByTestId('plain-view')).toBeTruthy();
    const chain = screen.getByTestId('file-epitope-chain') as HTMLInputElement;
    expect(chain.value).toBe('Chain A (120 residues)');
    fireEvent.click(screen.getByTestId('file-epitopes-predict'));
    const result = await screen.findByTestId('structure-epitopes', {}, { timeout: 10_000 });
    expect(result.textContent).toMatch(/ElliPro on chain A: 120 residues/);
    const patches = within(result).getByTestId('epitope-patches').querySelectorAll('tr[data-rank]');
    expect(patches.length).toBeGreaterThan(0);
    expect(screen.queryByTestId('plain-view')).toBeNull();
  });

  it("should score the chain asked for and give that chain's atoms alone for the 3D view", () => {
    const sut = runJob({ kind: 'structureEpitopes', pdb: TWO_CHAINS, chain: 'B' });
    expect(sut.chain).toBe('B');
    expect(sut.residues).toHaveLength(60);
    expect(sut.residues.every((r) => r.chain === 'B' && r.score >= 0 && r.score <= 1)).toBe(true);
    const chains = new Set(
      sut.pdb
        .split('\n')
        .filter((l) => l.startsWith('ATOM'))
        .map((l) => l[21]),
    );
    expect([...chains]).toEqual(['B']);
  });

  it('should refuse a chain the file does not have, in both languages', () => {
    let thrown: unknown;
    try {
      runJob({ kind: 'structureEpitopes', pdb: TWO_CHAINS, chain: 'Z' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolkitJobError);
    const { message } = (thrown as ToolkitJobError).error;
    expect(message?.en).toMatch(/chain Z/);
    expect(message?.zh).toMatch(/链 Z/);
  });
});
