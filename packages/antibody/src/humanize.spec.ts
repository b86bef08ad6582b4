import { describe, expect, it } from 'vitest';

import { chainGermlines } from './chain-germlines';
import { THERAPEUTIC_CHAINS } from './fixtures/therapeutic-antibodies';
import { humanize, KEY_POSITIONS } from './humanize';
import { numberSequence } from './numbering/number';

const byName = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
// Murine variable domains: muromonab (OKT3) VH, rituximab VH/VL and cetuximab VL.
const murine = ['muromonab (OKT3) VH', 'rituximab VH', 'rituximab VL', 'cetuximab VL'].map(byName);

describe(humanize.name, () => {
  for (const chain of murine) {
    describe(`${chain.name}, straight graft`, () => {
      const sut = humanize(chain.sequence, { strategy: 'straight-graft' });

      it('should keep the IMGT and Kabat CDRs unchanged', () => {
        expect(numberSequence(sut.humanized, { scheme: 'imgt' }).cdrs).toEqual(chain.imgt);
        expect(numberSequence(sut.humanized, { scheme: 'kabat' }).cdrs).toEqual(chain.kabat);
      });

      it('should raise the identity to the closest human germline', () => {
        expect(sut.humanness.after.identity).toBeGreaterThan(sut.humanness.before.identity);
        expect(numberSequence(sut.humanized).species).toBe('human');
      });

      it('should leave no non-human framework residue outside the grafted CDRs', () => {
        expect(sut.humanness.before.nonHumanFrameworkResidues).toBeGreaterThan(0);
        expect(sut.humanness.after.nonHumanFrameworkResidues).toBe(0);
        expect(sut.humanness.after.perRegion.fr1).toBe(1);
        expect(sut.humanness.after.perRegion.fr3).toBe(1);
      });

      it('should list every mutation with position, residues and a reason in both languages', () => {
        expect(sut.mutations.length).toBe(sut.humanness.before.nonHumanFrameworkResidues);
        for (const m of sut.mutations) {
          expect(m.imgt).toMatch(/^\d+[A-Z]*$/);
          expect(m.from).not.toBe(m.to);
          expect(m.reason.en).toContain(sut.acceptor.v);
          expect(m.reason.zh).toContain(sut.acceptor.v);
        }
      });
    });
  }

  it('should pick a human acceptor of the same chain type', () => {
    expect(humanize(byName('rituximab VH').sequence).acceptor.v).toMatch(/^IGHV/);
    expect(humanize(byName('rituximab VL').sequence).acceptor).toMatchObject({
      v: expect.stringMatching(/^IGKV/),
      j: expect.stringMatching(/^IGKJ/),
    });
  });

  it('should suggest Vernier-zone back-mutations separately in a straight graft, without applying them', () => {
    const sut = humanize(byName('muromonab (OKT3) VH').sequence, { strategy: 'straight-graft' });
    const vernier = sut.backMutations.filter((b) => b.zone === 'vernier');
    expect(sut.backMutations.every((b) => !b.applied)).toBe(true);
    expect(vernier.map((b) => b.kabat)).toEqual(expect.arrayContaining(['48', '67', '69', '73']));
    for (const b of sut.backMutations) {
      const mutation = sut.mutations.find((m) => m.imgt === b.imgt)!;
      expect([b.from, b.to]).toEqual([mutation.to, mutation.from]);
      expect(b.reason.en).toContain(`Kabat ${b.kabat}`);
    }
  });

  it('should leave a human antibody nearly unchanged', () => {
    const sut = humanize(byName('nivolumab VL').sequence);
    expect(sut.mutations.length).toBeLessThanOrEqual(2);
  });

  describe('by default (keeping the key residues)', () => {
    const residueAt = (sequence: string, imgt: number) =>
      numberSequence(sequence).residues.find(
        (r) => r.imgt.number === imgt && r.imgt.insertion === '',
      )?.residue;

    for (const chain of murine) {
      describe(chain.name, () => {
        const sut = humanize(chain.sequence);
        const key = KEY_POSITIONS[sut.chainType === 'heavy' ? 'heavy' : 'light'];

        it('should keep the IMGT and Kabat CDRs unchanged', () => {
          expect(numberSequence(sut.humanized, { scheme: 'kabat' }).cdrs).toEqual(chain.kabat);
          for (const cdr of Object.values(chain.imgt)) expect(sut.humanized).toContain(cdr);
        });

        it('should keep the parent residue at every Vernier, canonical and interface position', () => {
          for (const { imgt } of key) {
            expect(residueAt(sut.humanized, imgt), `IMGT ${imgt}`).toBe(
              residueAt(sut.parent, imgt),
            );
          }
        });

        it('should report each kept residue as an applied back-mutation with its reason', () => {
          expect(sut.backMutations.length).toBeGreaterThan(0);
          for (const b of sut.backMutations) {
            expect(b.applied).toBe(true);
            expect(residueAt(sut.humanized, Number(b.imgt))).toBe(b.to);
            expect(b.from).not.toBe(b.to);
            expect(b.reason.en).toContain(`IMGT ${b.imgt}`);
            expect(b.reason.zh).toContain(`IMGT ${b.imgt}`);
            expect(sut.mutations.some((m) => m.imgt === b.imgt)).toBe(false);
          }
        });

        it('should still raise the identity to the closest human germline', () => {
          expect(sut.humanness.after.identity).toBeGreaterThan(sut.humanness.before.identity);
        });

        it('should choose an acceptor sharing at least as many key residues as the straight graft', () => {
          const straight = humanize(chain.sequence, { strategy: 'straight-graft' });
          const kept = (r: typeof sut) =>
            r.backMutations.filter((b) => b.zones[0] !== 'human-typical');
          expect(kept(sut).length).toBeLessThanOrEqual(straight.backMutations.length);
        });
      });
    }

    it('should keep the Vernier residues of OKT3 VH the straight graft only suggests', () => {
      const sut = humanize(byName('muromonab (OKT3) VH').sequence);

      const kept = sut.backMutations.filter((b) => b.zones.includes('vernier'));
      expect(kept.map((b) => b.kabat)).toEqual(expect.arrayContaining(['48', '67', '69']));
    });

    it('should change fewer framework residues than the straight graft', () => {
      for (const chain of murine) {
        const straight = humanize(chain.sequence, { strategy: 'straight-graft' });
        expect(humanize(chain.sequence).mutations.length).toBeLessThan(straight.mutations.length);
      }
    });
  });

  it('should graft onto the acceptor chainGermlines names, the one the assistant previews', () => {
    for (const chain of [...murine, byName('adalimumab VH')]) {
      const named = chainGermlines(chain.sequence);
      const sut = humanize(chain.sequence);

      expect(sut.acceptor).toEqual(named.acceptor);
      expect(sut.humanness.before.closestHumanV).toBe(named.closestHuman.gene);
    }
  });
});
