import { describe, expect, it } from 'vitest';

import { THERAPEUTIC_CHAINS } from '../fixtures/therapeutic-antibodies';
import { numberSequence, renumber } from './number';

// Expected values and their sources: see src/fixtures/therapeutic-antibodies.ts.
describe('numberSequence on published therapeutic antibodies', () => {
  it('should cover heavy, kappa and lambda chains, a long CDR-H3 and a long CDR-L1', () => {
    const types = new Set(THERAPEUTIC_CHAINS.map((c) => c.chainType));
    expect([...types].sort()).toEqual(['heavy', 'kappa', 'lambda']);
    expect(
      Math.max(
        ...THERAPEUTIC_CHAINS.filter((c) => c.chainType === 'heavy').map((c) => c.imgt.cdr3.length),
      ),
    ).toBeGreaterThanOrEqual(20);
    expect(
      Math.max(
        ...THERAPEUTIC_CHAINS.filter((c) => c.chainType !== 'heavy').map(
          (c) => c.kabat.cdr1.length,
        ),
      ),
    ).toBeGreaterThanOrEqual(15);
    expect(
      new Set(THERAPEUTIC_CHAINS.map((c) => c.name.split(' ')[0])).size,
    ).toBeGreaterThanOrEqual(10);
  });

  for (const chain of THERAPEUTIC_CHAINS) {
    describe(chain.name, () => {
      it('should find the chain type and species', () => {
        const sut = numberSequence(chain.sequence);
        expect(sut.chainType).toBe(chain.chainType);
        expect(sut.species).toBe(chain.species);
      });

      it('should give the IMGT CDRs', () => {
        expect(numberSequence(chain.sequence, { scheme: 'imgt' }).cdrs).toEqual(chain.imgt);
      });

      it('should give the Kabat CDRs', () => {
        expect(numberSequence(chain.sequence, { scheme: 'kabat' }).cdrs).toEqual(chain.kabat);
      });

      if (chain.chothia) {
        const expected = chain.chothia;
        it('should give the Chothia CDRs', () => {
          expect(numberSequence(chain.sequence, { scheme: 'chothia' }).cdrs).toEqual(expected);
        });
      }

      it('should find the conserved cysteines and tryptophan without warnings', () => {
        const codes = numberSequence(chain.sequence).warnings.map((w) => w.code);
        expect(codes).not.toContain('CONSERVED_RESIDUE_MISSING');
      });
    });
  }
});

describe('numberSequence positions', () => {
  const trastuzumabH = THERAPEUTIC_CHAINS[0].sequence;
  const secukinumabH = THERAPEUTIC_CHAINS.find((c) => c.name === 'secukinumab VH')!.sequence;
  const omalizumabH = THERAPEUTIC_CHAINS.find((c) => c.name === 'omalizumab VH')!.sequence;

  it('should place IMGT CDR3 insertions symmetrically on 111 and 112 when CDR3 is longer than 13', () => {
    const sut = numberSequence(secukinumabH, { scheme: 'imgt' });
    const cdr3 = sut.residues.filter((r) => r.region === 'cdr3').map((r) => r.position);
    // 20 residues: the 13 positions plus 7 insertions, added 112A, 111A, 112B, 111B, ... (IMGT rule).
    expect(cdr3).toEqual([
      ...['105', '106', '107', '108', '109', '110', '111', '111A', '111B', '111C'],
      ...['112D', '112C', '112B', '112A', '112', '113', '114', '115', '116', '117'],
    ]);
  });

  it('should write the Kabat heavy insertions 52A, 82A-82C and 100A-', () => {
    const sut = numberSequence(trastuzumabH, { scheme: 'kabat' });
    const at = (p: string) => sut.residues.find((r) => r.position === p)?.residue;
    expect([at('52A'), at('82A'), at('82B'), at('82C'), at('100A'), at('100C'), at('103')]).toEqual(
      ['P', 'N', 'S', 'L', 'Y', 'M', 'W'],
    );
  });

  it('should put Kabat CDR-H1 insertions on 35A and Chothia ones on 31A', () => {
    const imgt = numberSequence(omalizumabH);
    expect(renumber(imgt, 'kabat').residues.find((r) => r.position === '35A')?.residue).toBe('N');
    expect(renumber(imgt, 'chothia').residues.find((r) => r.position === '31A')?.residue).toBe('G');
  });

  it('should report the closest human V and J germlines with identity', () => {
    const sut = numberSequence(THERAPEUTIC_CHAINS.find((c) => c.name === 'avelumab VL')!.sequence);
    expect(sut.germlines.humanV.gene).toBe('IGLV2-14*01');
    expect(sut.germlines.humanV.identity).toBeGreaterThan(0.95);
    expect(sut.germlines.humanJ.gene).toMatch(/^IGLJ/);
  });

  it('should give a mouse antibody its closest human germline too', () => {
    const sut = numberSequence(THERAPEUTIC_CHAINS.find((c) => c.name === 'rituximab VH')!.sequence);
    expect(sut.species).toBe('mouse');
    expect(sut.germlines.humanV.species).toBe('human');
    expect(sut.germlines.humanV.gene).toMatch(/^IGHV1-/);
  });

  it('should number the variable domain inside a longer chain and say so', () => {
    const withLeaderAndConstant = `MGWSCIILFLVATATGVHS${trastuzumabH}ASTKGPSVFPLAPSSKSTSGGTAALGCLVKDYFPEPVTVSWNSGALTSGVHTFPAVLQSSGLYSLSSVVTVPSSSLGTQTYICNVNHKPSNTKVDKKVEP`;
    const sut = numberSequence(withLeaderAndConstant, { scheme: 'imgt' });
    expect(sut.cdrs).toEqual(THERAPEUTIC_CHAINS[0].imgt);
    expect(sut.start).toBe(19);
    expect(sut.warnings.map((w) => w.code)).toContain('EXTRA_DOMAIN');
  });

  it('should warn when a conserved residue is missing', () => {
    const mutated = trastuzumabH.replace('YYCSR', 'YYSSR');
    const sut = numberSequence(mutated);
    expect(sut.warnings.find((w) => w.code === 'CONSERVED_RESIDUE_MISSING')?.message.en).toContain(
      'IMGT 104',
    );
  });
});
