import { describe, expect, it } from 'vitest';

import { chainGermlines } from './chain-germlines';
import { THERAPEUTIC_CHAINS } from './fixtures/therapeutic-antibodies';
import { changeCandidates, changeProbability, humanize, KEY_POSITIONS } from './humanize';
import { numberSequence } from './numbering/number';

const byName = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!;
// Murine variable domains: muromonab (OKT3) VH, rituximab VH/VL and cetuximab VL.
const murine = ['muromonab (OKT3) VH', 'rituximab VH', 'rituximab VL', 'cetuximab VL'].map(byName);

/** The residue at an IMGT position without insertion, as the toolkit numbers the sequence. */
const residueAt = (sequence: string, imgt: number) =>
  numberSequence(sequence).residues.find((r) => r.imgt.number === imgt && r.imgt.insertion === '')
    ?.residue;

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

  describe('keeping the key residues (keep-key-residues)', () => {
    for (const chain of murine) {
      describe(chain.name, () => {
        const sut = humanize(chain.sequence, { strategy: 'keep-key-residues' });
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
      const sut = humanize(byName('muromonab (OKT3) VH').sequence, {
        strategy: 'keep-key-residues',
      });

      const kept = sut.backMutations.filter((b) => b.zones.includes('vernier'));
      expect(kept.map((b) => b.kabat)).toEqual(expect.arrayContaining(['48', '67', '69']));
    });

    it('should change fewer framework residues than the straight graft', () => {
      for (const chain of murine) {
        const straight = humanize(chain.sequence, { strategy: 'straight-graft' });
        const sut = humanize(chain.sequence, { strategy: 'keep-key-residues' });
        expect(sut.mutations.length).toBeLessThan(straight.mutations.length);
      }
    });
  });

  describe('by default (the germline profile)', () => {
    for (const chain of murine) {
      describe(chain.name, () => {
        const sut = humanize(chain.sequence);
        const straight = humanize(chain.sequence, { strategy: 'straight-graft' });

        it('should keep the IMGT and Kabat CDRs unchanged', () => {
          expect(numberSequence(sut.humanized, { scheme: 'kabat' }).cdrs).toEqual(chain.kabat);
          for (const cdr of Object.values(chain.imgt)) expect(sut.humanized).toContain(cdr);
        });

        // No more than the graft per chain (the change model may take every graft change on a
        // chain, as on rituximab VL); fewer over the four chains, below.
        it('should change no more framework residues than the straight graft and still humanize', () => {
          expect(sut.mutations.length).toBeGreaterThan(0);
          expect(sut.mutations.length).toBeLessThanOrEqual(straight.mutations.length);
          expect(sut.humanness.after.identity).toBeGreaterThan(sut.humanness.before.identity);
          expect(sut.humanness.after.nonHumanFrameworkResidues).toBeLessThan(
            sut.humanness.before.nonHumanFrameworkResidues,
          );
        });

        it('should report each kept residue with its zone and a reason in both languages', () => {
          for (const b of sut.backMutations.filter((x) => x.applied)) {
            expect(residueAt(sut.humanized, Number(b.imgt))).toBe(b.to);
            expect(b.reason.en).toContain(`IMGT ${b.imgt}`);
            expect(b.reason.zh).toContain(`IMGT ${b.imgt}`);
          }
        });
      });
    }

    it('should change fewer framework residues than the straight graft over the murine chains', () => {
      const count = (options: Parameters<typeof humanize>[1]) =>
        murine.reduce((n, c) => n + humanize(c.sequence, options).mutations.length, 0);

      expect(count({})).toBeLessThan(count({ strategy: 'straight-graft' }));
    });

    it('should make a candidate change exactly when the change model gives it at least 1/2', () => {
      for (const chain of murine) {
        const sut = humanize(chain.sequence);
        for (const c of changeCandidates(chain.sequence)) {
          const changed = sut.mutations.some((m) => m.imgt === `${c.imgt}` && m.to === c.to);
          const kept = sut.backMutations.find((b) => b.applied && b.imgt === `${c.imgt}`);
          expect(changed, `${chain.name} ${c.imgt}`).toBe(changeProbability(c) >= 0.5);
          expect(kept !== undefined, `${chain.name} ${c.imgt}`).toBe(!changed);
        }
      }
    });

    it('should explain a residue kept because experimental humanizations seldom change it', () => {
      const kept = murine
        .flatMap((c) => humanize(c.sequence).backMutations)
        .filter((b) => b.applied && b.zone === 'rarely-changed');
      expect(kept.length).toBeGreaterThan(0);
      for (const b of kept) expect(b.reason.en).toMatch(/seldom change/);
    });

    it('should keep a key residue that close human germlines carry, and explain why', () => {
      const all = murine.flatMap((c) => humanize(c.sequence).backMutations);
      const key = all.filter((b) => b.zone !== 'human-typical');
      expect(key.length).toBeGreaterThan(0);
      expect(key[0].reason.en).toMatch(/risks affinity/);
    });

    it('should list each key position it changes as a back-mutation to consider', () => {
      for (const chain of murine) {
        const sut = humanize(chain.sequence);
        const key = new Set(
          KEY_POSITIONS[sut.chainType === 'heavy' ? 'heavy' : 'light'].map((k) => `${k.imgt}`),
        );
        const changed = sut.mutations.filter((m) => key.has(m.imgt) && m.from !== '-');
        const suggested = sut.backMutations.filter((b) => !b.applied);
        expect(suggested.map((b) => b.imgt).sort()).toEqual(changed.map((m) => m.imgt).sort());
        for (const b of suggested) {
          const m = changed.find((x) => x.imgt === b.imgt)!;
          expect([b.from, b.to]).toEqual([m.to, m.from]);
          expect(b.reason.en).toMatch(/consider restoring/);
        }
      }
    });
  });

  it('should humanize towards an acceptor the user names, and refuse an unknown one', () => {
    const chain = byName('rituximab VH');

    const sut = humanize(chain.sequence, { acceptor: { v: 'IGHV3-23' } });
    const graft = humanize(chain.sequence, {
      strategy: 'straight-graft',
      acceptor: { v: 'IGHV3-23*01', j: 'IGHJ4*01' },
    });

    expect(sut.acceptor.v).toBe('IGHV3-23*01');
    expect(graft.acceptor).toMatchObject({ v: 'IGHV3-23*01', j: 'IGHJ4*01' });
    expect(numberSequence(graft.humanized).germlines.humanV.gene).toBe('IGHV3-23*01');
    expect(numberSequence(sut.humanized, { scheme: 'kabat' }).cdrs).toEqual(chain.kabat);
    expect(() => humanize(chain.sequence, { acceptor: { v: 'IGHV9-99' } })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
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
