import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AntibodyError } from '../errors';
import { THERAPEUTIC_CHAINS } from '../fixtures/therapeutic-antibodies';
import { analyzeLiabilities } from '../liabilities';
import { numberSequence } from '../numbering/number';
import { type PdbResidue, writePdb } from '../structure/pdb';
import { loadTemplateLibrary } from '../structure/templates-node';
import { netCharge } from './cdrs';
import { designAgainstTarget, type TargetDesignResult } from './design-target';
import { designAgainstTargetWith } from './generator';
import { FV_SCAFFOLDS } from './scaffolds';

// Hen egg-white lysozyme (UniProt P00698, mature chain), a classic antibody target.
const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(AntibodyError);
    return (err as AntibodyError).code;
  }
  throw new Error('expected an AntibodyError');
}

describe('designAgainstTarget', () => {
  let library: TargetDesignResult;
  beforeAll(() => {
    library = designAgainstTarget({ sequence: `>lysozyme\n${LYSOZYME}` }, { count: 60, seed: 7 });
  });

  it('should give the same library for the same input and seed, and another for another seed', () => {
    const again = designAgainstTarget({ sequence: LYSOZYME }, { count: 60, seed: 7 });
    expect(again.designs).toEqual(library.designs);
    const other = designAgainstTarget({ sequence: LYSOZYME }, { count: 60, seed: 8 });
    expect(other.designs.map((d) => d.heavy)).not.toEqual(library.designs.map((d) => d.heavy));
  });

  it('should make at least 50 complete human VH/VL designs on the scaffolds, ranked by score', () => {
    expect(library.designs.length).toBeGreaterThanOrEqual(50);
    const scaffolds = new Set(FV_SCAFFOLDS.map((s) => s.id));
    library.designs.forEach((d, k) => {
      expect(d.rank).toBe(k + 1);
      expect(scaffolds.has(d.scaffold)).toBe(true);
      const heavy = numberSequence(d.heavy);
      const light = numberSequence(d.light!);
      expect(heavy.chainType).toBe('heavy');
      expect(light.chainType).toBe('kappa');
      for (const n of [heavy, light]) {
        expect(n.germlines.humanV.species).toBe('human');
        expect(n.start).toBe(0);
        expect(n.end).toBe(n.sequence.length - 1);
        expect(n.warnings.map((w) => w.code)).not.toContain('TRUNCATED_DOMAIN');
        expect(n.cdrs.cdr1 && n.cdrs.cdr2 && n.cdrs.cdr3).toBeTruthy();
      }
      expect(d.heavy.endsWith('WGQGTLVTVSS')).toBe(true);
      expect(d.light!.endsWith('FGQGTKVEIK')).toBe(true);
    });
    const scores = library.designs.map((d) => d.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('should keep no design with a high-severity liability in its CDRs', () => {
    for (const d of library.designs) {
      for (const chain of [d.heavy, d.light!]) {
        const high = analyzeLiabilities(chain).liabilities.filter(
          (l) => l.inCdr && l.severity === 'high',
        );
        expect(high).toEqual([]);
      }
    }
    expect(library.rejected.liability).toBeGreaterThan(0);
  });

  it('should show each score with parts that add up to it, and keep one design per CDR-H3 cluster', () => {
    for (const d of library.designs) {
      const sum = Object.values(d.parts).reduce((a, b) => a + b, 0);
      expect(d.score).toBeCloseTo(sum, 2);
      expect(d.germlines.heavy.frameworkIdentity).toBe(1);
      expect(d.source).toBe('built-in');
    }
    const h3s = library.designs.map((d) => d.cdrs.h3);
    for (let i = 0; i < h3s.length; i++)
      for (let j = i + 1; j < h3s.length; j++) {
        if (h3s[i].length !== h3s[j].length) continue;
        const same = [...h3s[i]].filter((aa, k) => aa === h3s[j][k]).length;
        expect(same / h3s[i].length).toBeLessThan(0.7);
      }
  });

  it('should say in zh and en that the library is a starting point to screen, not a binding prediction', () => {
    expect(library.claim.en).toMatch(/not a prediction of binding/);
    expect(library.claim.zh).toMatch(/不是结合预测/);
    expect(library.developabilityNote.en).toMatch(/TAP/);
  });

  it("should aim at the user's region and bias the CDR3 charge against the epitope's", () => {
    const positive = `${'MSTAGSQLTEAGNPLDATW'.repeat(2)}KRKKRHKRKK${'GSTAQLEPNSWDAV'.repeat(2)}`;
    const negative = positive.replace('KRKKRHKRKK', 'DEEDDEEDED');
    const atPositive = designAgainstTarget({ sequence: positive }, { region: '39-48', count: 50 });
    const atNegative = designAgainstTarget({ sequence: negative }, { region: '39-48', count: 50 });
    expect(atPositive.epitope).toMatchObject({ origin: 'user-region', start: 39, end: 48 });
    expect(atPositive.epitope.residues).toBe('KRKKRHKRKK');
    const meanH3Charge = (r: TargetDesignResult) =>
      r.designs.reduce((s, d) => s + netCharge(d.cdrs.h3), 0) / r.designs.length;
    expect(meanH3Charge(atPositive)).toBeLessThan(meanH3Charge(atNegative) - 0.5);
    expect(atPositive.designs[0].parts.charge).toBeGreaterThan(0);
  });

  it('should refuse a region outside the antigen, and one it cannot read, before designing anything', () => {
    expect(codeOf(() => designAgainstTarget({ sequence: LYSOZYME }, { region: '120-140' }))).toBe(
      'REGION_OUTSIDE_ANTIGEN',
    );
    expect(codeOf(() => designAgainstTarget({ sequence: LYSOZYME }, { region: '0-5' }))).toBe(
      'REGION_OUTSIDE_ANTIGEN',
    );
    expect(codeOf(() => designAgainstTarget({ sequence: LYSOZYME }, { region: '40-30' }))).toBe(
      'REGION_OUTSIDE_ANTIGEN',
    );
    expect(codeOf(() => designAgainstTarget({ sequence: LYSOZYME }, { region: 'loop' }))).toBe(
      'INVALID_OPTION',
    );
    try {
      designAgainstTarget({ sequence: LYSOZYME }, { region: '120-140' });
    } catch (err) {
      expect((err as AntibodyError).text.zh).toContain('129');
      expect((err as AntibodyError).text.en).toContain('129 residues');
    }
  });

  it('should refuse an antigen shorter than 8 residues, DNA, and more than one sequence', () => {
    expect(codeOf(() => designAgainstTarget({ sequence: 'MKTAYIA' }))).toBe('TOO_SHORT');
    expect(codeOf(() => designAgainstTarget({ sequence: 'ACGTTGCA' }))).toBe('LOOKS_LIKE_DNA');
    expect(codeOf(() => designAgainstTarget({ sequence: 'ATGGCTAGCAAAGGAGAAGAACTT' }))).toBe(
      'LOOKS_LIKE_DNA',
    );
    expect(codeOf(() => designAgainstTarget({ sequence: '>a\nMKTAYIAKQR\n>b\nMKTAYIAKQR' }))).toBe(
      'INVALID_OPTION',
    );
    expect(codeOf(() => designAgainstTarget({ sequence: LYSOZYME }, { count: 0 }))).toBe(
      'INVALID_OPTION',
    );
    // An 8-residue peptide is a valid antigen, taken whole as the epitope.
    const peptide = designAgainstTarget({ sequence: 'MKTAYIAK' }, { count: 5 });
    expect(peptide.epitope.origin).toBe('whole-peptide');
    expect(peptide.designs).toHaveLength(5);
  });

  it('should make single-domain designs on the VHH scaffold with the camelid hallmarks', () => {
    const vhh = designAgainstTarget({ sequence: LYSOZYME }, { count: 50, format: 'vhh' });
    expect(vhh.designs.length).toBe(50);
    for (const d of vhh.designs) {
      expect(d.light).toBeUndefined();
      expect(d.scaffold).toBe('VHH:IGHV3-23');
      const n = numberSequence(d.heavy);
      const at = (imgt: number) => n.residues.find((r) => r.imgt.number === imgt)?.residue;
      expect([at(42), at(49), at(50), at(52)]).toEqual(['F', 'E', 'R', 'G']);
      expect(d.cdrs.h3.length).toBeGreaterThanOrEqual(12);
    }
  });

  it('should take the epitope from ElliPro when the antigen is a structure', () => {
    const template = loadTemplateLibrary().find((t) => t.light)!;
    const residues: PdbResidue[] = template.light!.residues.map((r) => ({
      chain: 'A',
      resSeq: Number.parseInt(r.position, 10),
      iCode: r.position.replace(/^\d+/, ''),
      aa: r.aa,
      atoms: r.atoms,
    }));
    const result = designAgainstTarget({ pdb: writePdb(residues) }, { count: 50 });
    expect(result.antigen.source).toBe('structure');
    expect(result.epitope.origin).toBe('ellipro');
    expect(result.epitope.pdbResidues?.length).toBe(result.epitope.positions.length);
    expect(result.epitope.pdbResidues![0].chain).toBe('A');
    expect(result.designs.length).toBe(50);
  });
});

describe('designAgainstTargetWith an external generator', () => {
  let server: Server;
  let url: string;
  const requests: Record<string, unknown>[] = [];
  // Adalimumab (fully human, no high-severity CDR liability) passes; the same antibody with an
  // N-glycosylation site (N-X-T) put into CDR-H3 must be caught by the liability filter.
  const adalimumabH = THERAPEUTIC_CHAINS.find((c) => c.name === 'adalimumab VH')!.sequence;
  const adalimumabL = THERAPEUTIC_CHAINS.find((c) => c.name === 'adalimumab VL')!.sequence;
  const h3 = numberSequence(adalimumabH).cdrs.cdr3;
  const glycosylated = adalimumabH.replace(h3, `${h3.slice(0, 2)}NLT${h3.slice(5)}`);

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const parsed = JSON.parse(body) as Record<string, unknown>;
        requests.push(parsed);
        if (parsed.count === 13) {
          res.writeHead(500).end('model crashed');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            model: 'mock-rfantibody',
            designs: [
              { id: 'ext-1', heavy: adalimumabH, light: adalimumabL },
              { id: 'ext-2', heavy: glycosylated, light: adalimumabL },
              { id: 'ext-3', heavy: 'NOTANANTIBODY', light: 'QQQ' },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/design`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("should send the antigen and epitope, filter the generator's designs like the built-in ones and name their source", async () => {
    const result = await designAgainstTargetWith(
      { sequence: LYSOZYME },
      { region: '40-55', count: 50, seed: 3 },
      { url },
    );
    const request = requests.at(-1)!;
    expect(request).toMatchObject({ antigen: LYSOZYME, format: 'fv', count: 50, seed: 3 });
    expect((request.epitope as { start: number; end: number }).start).toBe(40);
    const external = result.designs.filter((d) => d.source === 'external:mock-rfantibody');
    expect(external.map((d) => d.heavy)).toEqual([adalimumabH]);
    expect(result.designs.some((d) => d.heavy === glycosylated)).toBe(false);
    expect(result.rejected.liability).toBeGreaterThan(0);
    expect(result.rejected.unnumberable).toBeGreaterThanOrEqual(1);
    expect(result.sources['external:mock-rfantibody']).toBe(1);
    expect(result.sources['built-in']).toBe(result.designs.length - 1);
  });

  it('should fail in zh and en when the generator fails', async () => {
    const run = designAgainstTargetWith({ sequence: LYSOZYME }, { count: 13 }, { url });
    await expect(run).rejects.toMatchObject({
      code: 'TARGET_GENERATOR_FAILED',
      text: { en: expect.stringContaining('HTTP 500') as string },
    });
  });
});
