import { describe, expect, it } from 'vitest';

import { THERAPEUTIC_CHAINS } from '../fixtures/therapeutic-antibodies';
import { type NumberingResult, numberSequence } from './number';
import type { Scheme } from './schemes';

// How the chain ends are numbered, against ANARCI (github.com/oxpig/ANARCI, read at commit 79f6c57).
//
// ANARCI cannot be run on this machine: PyPI is unreachable (`pip download anarci` fails with "Name or
// service not known") and HMMER is not installed. The expected numbers are therefore derived by hand
// from ANARCI's rules as its source states them, and from the full-length numbering of the same chain
// (whose CDRs the published-antibody tests in number.spec.ts pin):
// - anarci.py `_hmm_alignment_to_states`: residues before an alignment that starts at state s <= 5
//   take s-1, s-2, … (never below 1); residues before state 1 stay unnumbered and the domain's start
//   index is reported; residues after an alignment that ends at e > 123 take e+1, … up to the J
//   template's last state (128 heavy, 127 light).
// - schemes.py `_number_regions` with `number_imgt`, `number_kabat_heavy`, `number_kabat_light`: each
//   residue keeps the number of its state plus the region's offset, whatever state the chain starts
//   at, so a chain truncated by k residues keeps the full chain's numbers for the residues it has
//   (IMGT = state; Kabat light FR1 = state; Kabat heavy = state for 1-9, state - 1 for 11-23).

const chain = (name: string): string => {
  const found = THERAPEUTIC_CHAINS.find((c) => c.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return found.sequence;
};

const trastuzumabH = chain('trastuzumab VH');
const trastuzumabL = chain('trastuzumab VL');
const avelumabL = chain('avelumab VL');

/** [position, residue] for each numbered residue, with the residue's index shifted by `shift`. */
function numbered(result: NumberingResult, shift = 0): [number, string, string][] {
  return result.residues.map((r) => [r.index + shift, r.position, r.residue]);
}

/** The full chain's numbering of residues from index `from`, re-indexed as if they started at 0. */
function fullFrom(sequence: string, scheme: Scheme, from: number): [number, string, string][] {
  return numbered(numberSequence(sequence, { scheme }), -from).filter(([index]) => index >= 0);
}

const SCHEMES: Scheme[] = ['imgt', 'kabat'];

describe('numberSequence at the N terminus', () => {
  describe('truncation', () => {
    const truncated: [string, 'heavy' | 'kappa' | 'lambda'][] = [
      ['trastuzumab VH', 'heavy'],
      ['rituximab VH', 'heavy'],
      ['trastuzumab VL', 'kappa'],
      ['abnumberKappa', 'kappa'],
      ['avelumab VL', 'lambda'],
      ['evolocumab VL', 'lambda'],
    ];
    for (const [name, chainType] of truncated) {
      for (const cut of [1, 2, 3]) {
        for (const scheme of SCHEMES) {
          it(`should keep the full chain's ${scheme} numbers when ${name} (${chainType}) lacks its first ${cut}`, () => {
            const sut = numberSequence(chain(name).slice(cut), { scheme });
            expect(sut.chainType).toBe(chainType);
            expect(sut.start).toBe(0);
            expect(numbered(sut)).toEqual(fullFrom(chain(name), scheme, cut));
          });
        }
      }
    }

    // Written out by hand: kappa FR1 has IMGT 1-26 without gaps and Kabat L1-23 = IMGT 1-23.
    it('should start a kappa chain truncated by 2 at IMGT and Kabat 3', () => {
      for (const scheme of SCHEMES) {
        const sut = numberSequence(trastuzumabL.slice(2), { scheme });
        expect(sut.residues.slice(0, 5).map((r) => r.position + r.residue)).toEqual([
          '3Q',
          '4M',
          '5T',
          '6Q',
          '7S',
        ]);
        expect(sut.residues.find((r) => r.residue === 'C')?.position).toBe('23');
      }
    });

    // VH FR1 lacks IMGT 10; Kabat H = IMGT for 1-9 and IMGT - 1 for 11-23 (number_kabat_heavy rels).
    it('should start a heavy chain truncated by 4 at IMGT and Kabat 5', () => {
      const fr1 = (scheme: Scheme) =>
        numberSequence(trastuzumabH.slice(4), { scheme })
          .residues.slice(0, 18)
          .map((r) => r.position + r.residue)
          .join(' ');
      expect(fr1('imgt')).toBe(
        '5V 6E 7S 8G 9G 11G 12L 13V 14Q 15P 16G 17G 18S 19L 20R 21L 22S 23C',
      );
      expect(fr1('kabat')).toBe(
        '5V 6E 7S 8G 9G 10G 11L 12V 13Q 14P 15G 16G 17S 18L 19R 20L 21S 22C',
      );
    });

    // Lambda FR1 lacks IMGT 10, and number_kabat_light maps states 1-23 one to one: no Kabat L10.
    it('should start a lambda chain truncated by 3 at IMGT and Kabat 4', () => {
      for (const scheme of SCHEMES) {
        const sut = numberSequence(avelumabL.slice(3), { scheme });
        expect(
          sut.residues
            .slice(0, 8)
            .map((r) => r.position + r.residue)
            .join(' '),
        ).toBe('4L 5T 6Q 7P 8A 9S 11V 12S');
      }
    });

    // A ragged end: the first residue left is not the germline's, so the alignment starts one state
    // later; ANARCI gives the residue before it the state before (s-1).
    const ragged: [string, string, number, string][] = [
      ['trastuzumab VL (kappa), I2G', trastuzumabL, 2, 'G'],
      ['avelumab VL (lambda), A3D', avelumabL, 3, 'D'],
      ['trastuzumab VH (heavy), L4G', trastuzumabH, 4, 'G'],
    ];
    for (const [label, sequence, position, residue] of ragged) {
      for (const scheme of SCHEMES) {
        it(`should number the first residue at ${position} under ${scheme} when ${label} starts at ${position}`, () => {
          const sut = numberSequence(residue + sequence.slice(position), { scheme });
          const expected = fullFrom(sequence, scheme, position - 1);
          expected[0] = [0, String(position), residue];
          expect(numbered(sut)).toEqual(expected);
        });
      }
    }

    // Two non-germline residues before a domain aligned from IMGT 4 (s = 4, two residues before it).
    // ANARCI's code counts min(_seq_start, _hmm_start - _seq_start) = min(2, 1) = 1 here and would
    // leave the first one out; this toolkit numbers both, as ANARCI's comment intends (see number.ts).
    it('should number both residues before a domain aligned from IMGT 4', () => {
      const sut = numberSequence(`GG${trastuzumabL.slice(3)}`, { scheme: 'imgt' });
      expect(sut.start).toBe(0);
      expect(sut.residues.slice(0, 3).map((r) => r.position + r.residue)).toEqual([
        '2G',
        '3G',
        '4M',
      ]);
    });
  });

  // schemes.py `smooth_insertions`, FW1: insertions before IMGT 23 are taken back onto the states
  // missing at the N terminus when there are at least as many of those. An extra G after S7 of
  // trastuzumab VH aligns as 7A (full chain: 1E … 7S 7AG 8G 9G 11G).
  describe('insertions in FR1', () => {
    const fr1 = (sequence: string, scheme: Scheme) =>
      numberSequence(sequence, { scheme })
        .residues.slice(0, 11)
        .map((r) => r.position + r.residue)
        .join(' ');

    it('should keep an FR1 insertion when no state is missing at the N terminus', () => {
      const sut = `${trastuzumabH.slice(0, 7)}G${trastuzumabH.slice(7)}`;
      expect(fr1(sut, 'imgt')).toBe('1E 2V 3Q 4L 5V 6E 7S 7AG 8G 9G 11G');
      // number_kabat_heavy writes every FR1 insertion on 6: 1-6, 6A, 7, 8, 9.
      expect(fr1(sut, 'kabat')).toBe('1E 2V 3Q 4L 5V 6E 6AS 7G 8G 9G 10G');
    });

    it('should move the residues back one state when the chain starts at IMGT 3 with one FR1 insertion', () => {
      // 3Q 4L 5V 6E 7S 7AG 8G 9G: nt_dels = 2 >= nins = 1, so the residues take 2, 3, … 7, 8, 9.
      const sut = `${trastuzumabH.slice(2, 7)}G${trastuzumabH.slice(7)}`;
      expect(fr1(sut, 'imgt')).toBe('2Q 3L 4V 5E 6S 7G 8G 9G 11G 12L 13V');
      expect(fr1(sut, 'kabat')).toBe('2Q 3L 4V 5E 6S 7G 8G 9G 10G 11L 12V');
    });

    it('should keep two FR1 insertions when only one state is missing at the N terminus', () => {
      // 2V … 7S 7AG 7BG 8G: nt_dels = 1 < nins = 2, the alignment's insertions stay.
      const sut = `${trastuzumabH.slice(1, 7)}GG${trastuzumabH.slice(7)}`;
      expect(fr1(sut, 'imgt')).toBe('2V 3Q 4L 5V 6E 7S 7AG 7BG 8G 9G 11G');
      expect(fr1(sut, 'kabat')).toBe('2V 3Q 4L 5V 6E 6AS 6BG 7G 8G 9G 10G');
    });
  });

  describe('extension', () => {
    const extended: [string, string, string][] = [
      ['a retained initiator methionine', 'M', trastuzumabL],
      ['a His tag and thrombin site', 'MGSSHHHHHHSSGLVPRGSH', trastuzumabH],
      ['a FLAG tag', 'DYKDDDDK', avelumabL],
      ['an IGKV1 signal peptide', 'MDMRVPAQLLGLLLLWLRGARC', trastuzumabL],
    ];
    for (const [label, extra, sequence] of extended) {
      for (const scheme of SCHEMES) {
        it(`should leave ${label} unnumbered and start the domain after it under ${scheme}`, () => {
          const sut = numberSequence(extra + sequence, { scheme });
          expect(sut.start).toBe(extra.length);
          expect(sut.residues[0].position).toBe('1');
          expect(numbered(sut, -extra.length)).toEqual(fullFrom(sequence, scheme, 0));
        });
      }
    }

    // The domain starts at IMGT 3 (truncated by 2) after four tag residues: ANARCI's rule takes the
    // two residues before state 3 as states 1 and 2 (n_extend = _hmm_start = 2 <= _seq_start = 4),
    // tag or not; the sequence alone cannot tell them apart.
    it('should give the residues just before a domain starting at IMGT 3 the positions 1 and 2', () => {
      const sut = numberSequence(`GSHM${trastuzumabL.slice(2)}`, { scheme: 'kabat' });
      expect(sut.start).toBe(2);
      expect(sut.residues.slice(0, 4).map((r) => r.position + r.residue)).toEqual([
        '1H',
        '2M',
        '3Q',
        '4M',
      ]);
    });
  });

  describe('unusual first residues', () => {
    const unusual: [string, string, string][] = [
      ['a pyroglutamate-forming Q on an E-germline heavy chain', 'Q', trastuzumabH],
      ['a pyroglutamate-forming E on a Q-germline lambda chain', 'E', avelumabL],
      ['a pyroglutamate-forming E on a Q-germline heavy chain', 'E', chain('pembrolizumab VH')],
      ['a G left by a protease site on a kappa chain', 'G', trastuzumabL],
      ['a non-germline P on a lambda chain', 'P', avelumabL],
      ['a non-germline G on a heavy chain', 'G', trastuzumabH],
      ['a non-germline T on a lambda chain', 'T', chain('evolocumab VL')],
    ];
    for (const [label, first, sequence] of unusual) {
      for (const scheme of SCHEMES) {
        it(`should number ${label} at 1 under ${scheme}`, () => {
          const sut = numberSequence(first + sequence.slice(1), { scheme });
          const expected = fullFrom(sequence, scheme, 0);
          expected[0] = [0, '1', first];
          expect(sut.start).toBe(0);
          expect(numbered(sut)).toEqual(expected);
        });
      }
    }

    it('should number the E at 1 in a kappa chain whose closest germline starts otherwise', () => {
      const sut = numberSequence(chain('abnumberKappa'));
      expect(sut.start).toBe(0);
      expect(sut.residues[0]).toMatchObject({ position: '1', residue: 'E', index: 0 });
    });
  });
});

describe('numberSequence at the C terminus', () => {
  // FR4 residues that do not match the J template still take the states up to 128 (heavy) or 127
  // (light); what follows (a constant region) stays unnumbered.
  const ends: [string, string, string, string][] = [
    ['heavy, S127P S128P, followed by CH1', trastuzumabH, 'PP', 'ASTKGPSVFPLAP'],
    ['lambda, V126G L127G', avelumabL, 'GG', ''],
  ];
  for (const [label, sequence, replaced, after] of ends) {
    for (const scheme of SCHEMES) {
      it(`should number the last FR4 residues under ${scheme} when ${label}`, () => {
        const mutated = sequence.slice(0, -2) + replaced;
        const sut = numberSequence(mutated + after, { scheme });
        const expected = fullFrom(sequence, scheme, 0);
        expected[expected.length - 2][2] = replaced[0];
        expected[expected.length - 1][2] = replaced[1];
        expect(numbered(sut)).toEqual(expected);
        expect(sut.end).toBe(mutated.length - 1);
      });
    }
  }
});
