import { describe, expect, it } from 'vitest';

import { THERAPEUTIC_CHAINS } from './fixtures/therapeutic-antibodies';
import { analyzeLiabilities, developability, findLiabilities, type Liability } from './liabilities';
import { numberSequence } from './numbering/number';

const byName = (name: string) => THERAPEUTIC_CHAINS.find((c) => c.name === name)!.sequence;
const trastuzumabH = byName('trastuzumab VH');
// Same CDR-H3 length as trastuzumab, rewritten to hold N-glycosylation, DP, RGD and an extra Cys.
const engineered = trastuzumabH.replace('WGGDGFYAMDY', 'WNSTDPRGDCY');

function find(list: Liability[], kind: Liability['kind'], position: string): Liability | undefined {
  return list.find((l) => l.kind === kind && l.position === position);
}

describe(findLiabilities.name, () => {
  const natural = findLiabilities(numberSequence(trastuzumabH));
  const designed = findLiabilities(numberSequence(engineered));
  const h3 = engineered.indexOf('WNSTDPRGDCY') + 1; // 1-based sequence position of IMGT 107

  const cases: [
    string,
    Liability[],
    Liability['kind'],
    string,
    string,
    number,
    string,
    Liability['severity'],
  ][] = [
    // [case, list, kind, IMGT position, motif, sequence position, region, severity]
    [
      'N-glycosylation NST in CDR3',
      designed,
      'n-glycosylation',
      '108',
      'NST',
      h3 + 1,
      'cdr3',
      'high',
    ],
    ['deamidation NS in CDR3', designed, 'deamidation', '108', 'NS', h3 + 1, 'cdr3', 'medium'],
    [
      'deamidation NG in CDR2',
      natural,
      'deamidation',
      '62',
      'NG',
      trastuzumabH.indexOf('NGY') + 1,
      'cdr2',
      'high',
    ],
    [
      'isomerization DG in CDR3',
      natural,
      'isomerization',
      '110',
      'DG',
      trastuzumabH.indexOf('DGF') + 1,
      'cdr3',
      'high',
    ],
    [
      'isomerization DT in CDR1',
      natural,
      'isomerization',
      '36',
      'DT',
      trastuzumabH.indexOf('DTY') + 1,
      'cdr1',
      'medium',
    ],
    ['fragmentation DP in CDR3', designed, 'fragmentation', '111', 'DP', h3 + 4, 'cdr3', 'medium'],
    [
      'integrin-binding RGD in CDR3',
      designed,
      'integrin-binding',
      '113',
      'RGD',
      h3 + 6,
      'cdr3',
      'high',
    ],
    [
      'unpaired cysteine in CDR3',
      designed,
      'unpaired-cysteine',
      '116',
      'C',
      h3 + 9,
      'cdr3',
      'high',
    ],
    [
      'oxidation M in CDR3',
      natural,
      'oxidation',
      '115',
      'M',
      trastuzumabH.indexOf('MDY') + 1,
      'cdr3',
      'medium',
    ],
    [
      'oxidation W in FR2',
      natural,
      'oxidation',
      '41',
      'W',
      trastuzumabH.indexOf('WVRQ') + 1,
      'fr2',
      'low',
    ],
    [
      'glycation K next to D in CDR1',
      natural,
      'glycation',
      '35',
      'K',
      trastuzumabH.indexOf('KDT') + 1,
      'cdr1',
      'medium',
    ],
    ['pyroglutamate from N-terminal E', natural, 'pyroglutamate', '1', 'E', 1, 'fr1', 'low'],
  ];

  for (const [name, list, kind, position, motif, sequencePosition, region, severity] of cases) {
    it(`should find ${name} at the right position`, () => {
      const sut = find(list, kind, position);
      expect(sut).toMatchObject({ motif, sequencePosition, region, severity });
      expect(sut?.explanation.en.length).toBeGreaterThan(10);
      expect(sut?.explanation.zh.length).toBeGreaterThan(5);
    });
  }

  it('should rate an N-terminal Q as a medium pyroglutamate risk', () => {
    const sut = findLiabilities(numberSequence(byName('pembrolizumab VH')));
    expect(find(sut, 'pyroglutamate', '1')).toMatchObject({ motif: 'Q', severity: 'medium' });
  });

  it('should not flag the canonical cysteines 23 and 104', () => {
    expect(natural.filter((l) => l.kind === 'unpaired-cysteine')).toEqual([]);
  });

  it('should call a pair of extra cysteines a possible disulfide, not unpaired', () => {
    const twoCys = trastuzumabH.replace('WGGDGFYAMDY', 'WCGDGFYCMDY');
    const sut = findLiabilities(numberSequence(twoCys)).filter(
      (l) => l.kind === 'unpaired-cysteine',
    );
    expect(sut.map((l) => [l.position, l.severity])).toEqual([
      ['108', 'medium'],
      ['114', 'medium'],
    ]);
  });

  it('should report Kabat positions when numbered with Kabat', () => {
    const sut = analyzeLiabilities(trastuzumabH, 'kabat').liabilities;
    expect(sut.find((l) => l.kind === 'deamidation' && l.motif === 'NG')?.position).toBe('54');
  });
});

describe(developability.name, () => {
  it('should compute CDR length, charge and hydrophobicity with stated thresholds', () => {
    const sut = developability([numberSequence(trastuzumabH)]);
    // IMGT CDRs GFNIKDTY (8) + IYPTNGYT (8) + SRWGGDGFYAMDY (13) = 29.
    expect(sut.totalCdrLength).toMatchObject({ value: 29, flag: 'green' });
    // The charge rule written out: K/R +1, D/E -1, H +0.1 over the IMGT CDR residues.
    const cdrs = 'GFNIKDTYIYPTNGYTSRWGGDGFYAMDY';
    const charge = [...cdrs].reduce(
      (s, c) =>
        s + (c === 'K' || c === 'R' ? 1 : c === 'D' || c === 'E' ? -1 : c === 'H' ? 0.1 : 0),
      0,
    );
    expect(sut.cdrNetCharge.value).toBeCloseTo(charge, 5);
    expect(sut.cdrHydrophobicity.thresholds.red).toBe('> 0.2');
  });

  it('should flag long and highly charged CDRs', () => {
    const positive = trastuzumabH.replace('WGGDGFYAMDY', 'RRKRRGKRRKRKRKRKY');
    const sut = developability([numberSequence(positive)]);
    expect(sut.cdrNetCharge.flag).toBe('red');
    expect(sut.totalCdrLength.flag).toBe('red');
  });
});
