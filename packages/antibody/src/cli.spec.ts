import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { main } from './cli';
import { THERAPEUTIC_CHAINS } from './fixtures/therapeutic-antibodies';

const dir = mkdtempSync(join(tmpdir(), 'antibody-cli-'));
const [trastuzumabH, trastuzumabL] = THERAPEUTIC_CHAINS;

function fasta(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    err += String(chunk);
    return true;
  });
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('antibody CLI', () => {
  const pair = fasta(
    'pair.fa',
    `>H trastuzumab heavy\n${trastuzumabH.sequence}\n>L trastuzumab light\n${trastuzumabL.sequence}\n`,
  );

  it('should print one JSON object per record with id, chainType, numbering pairs and CDRs', async () => {
    const sut = await run('number', '--scheme', 'kabat', pair);
    expect(sut.code).toBe(0);
    const records = JSON.parse(sut.out) as {
      id: string;
      chainType: string;
      numbering: [string, string][];
      cdrs: unknown;
    }[];
    expect(records.map((r) => [r.id, r.chainType])).toEqual([
      ['H', 'heavy'],
      ['L', 'kappa'],
    ]);
    expect(records[0].cdrs).toEqual(trastuzumabH.kabat);
    expect(records[1].cdrs).toEqual(trastuzumabL.kabat);
    expect(records[0].numbering.slice(0, 2)).toEqual([
      ['1', 'E'],
      ['2', 'V'],
    ]);
    expect(records[0].numbering).toContainEqual(['52A', 'P']);
  });

  it('should default to IMGT', async () => {
    const records = JSON.parse((await run('number', pair)).out) as { cdrs: unknown }[];
    expect(records[0].cdrs).toEqual(trastuzumabH.imgt);
  });

  it('should report a bad record as an error object and exit 1, keeping the good ones', async () => {
    const mixed = fasta('mixed.fa', `>ok\n${trastuzumabH.sequence}\n>dna\nACGTACGTACGTACGTACGT\n`);
    const sut = await run('liabilities', mixed);
    expect(sut.code).toBe(1);
    const records = JSON.parse(sut.out) as {
      id: string;
      error?: { code: string; message: { zh: string; en: string } };
    }[];
    expect(records[0].error).toBeUndefined();
    expect(records[1].error?.code).toBe('LOOKS_LIKE_DNA');
    expect(records[1].error?.message.zh).toContain('核酸');
  });

  it('should run humanize, epitopes and design', async () => {
    const h = JSON.parse((await run('humanize', pair)).out) as { humanized: string }[];
    expect(h).toHaveLength(2);
    const e = JSON.parse((await run('epitopes', pair)).out) as { consensus: unknown }[];
    expect(e[0].consensus).toBeDefined();
    const d = JSON.parse((await run('design', '--count', '3', '--seed', '5', pair)).out) as {
      variants: unknown[];
    }[];
    expect(d[0].variants).toHaveLength(3);
  });

  it('should reject an empty file as an input error', async () => {
    const sut = await run('number', fasta('empty.fa', ''));
    expect(sut.code).toBe(1);
    expect(JSON.parse(sut.out)[0].error.code).toBe('EMPTY_INPUT');
  });

  it('should print usage for a bad command or scheme and exit 2', async () => {
    expect((await run('fold', pair)).code).toBe(2);
    const sut = await run('number', '--scheme', 'martin', pair);
    expect(sut.code).toBe(2);
    expect(sut.err).toContain('unknown scheme: martin');
    expect(sut.err).toContain('usage: antibody');
  });
});

describe('structure command', () => {
  it('prints a PDB model of the Fv with chains H and L', async () => {
    const file = fasta(
      'fv.fasta',
      `>trastuzumab VL\n${trastuzumabL.sequence}\n>trastuzumab VH\n${trastuzumabH.sequence}\n`,
    );
    const { code, out } = await run(
      'structure',
      '--exclude',
      '1N8Z',
      '--exclude-identity',
      '0.95',
      file,
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^REMARK 999 BUILT-IN TEMPLATE MODEL/);
    expect(out).toMatch(/^ATOM .{16}H 104 /m);
    expect(out).toMatch(/^ATOM .{16}L 104 /m);
    expect(out.trimEnd().endsWith('END')).toBe(true);
  });

  it('reports a non-antibody sequence as a zh/en error on standard error, with no PDB', async () => {
    const file = fasta(
      'not-antibody.fasta',
      `>lysozyme\nKVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL\n`,
    );
    const { code, out, err } = await run('structure', file);
    expect(code).toBe(1);
    expect(out).toBe('');
    const error = JSON.parse(err).error;
    expect(error.code).toBe('NOT_ANTIBODY');
    expect(error.message.zh).toBeTruthy();
  });

  it('rejects an identity threshold outside 0-1 as a usage error', async () => {
    const file = fasta('vh.fasta', `>vh\n${trastuzumabH.sequence}\n`);
    expect((await run('structure', '--exclude-identity', '95', file)).code).toBe(2);
  });
});

describe('developability command', () => {
  it("prints TAP's five metrics with flags and residues for a VH/VL pair", async () => {
    const file = fasta(
      'tap.fasta',
      `>trastuzumab VH\n${trastuzumabH.sequence}\n>trastuzumab VL\n${trastuzumabL.sequence}\n`,
    );
    const { code, out } = await run('developability', file);
    expect(code).toBe(0);
    const report = JSON.parse(out) as {
      metrics: { name: string; flag: string; residues: unknown[] }[];
      flags: Record<string, number>;
    };
    expect(report.metrics.map((m) => m.name)).toEqual(['cdrLength', 'psh', 'ppc', 'pnc', 'sfvcsp']);
    expect(report.metrics.every((m) => ['green', 'amber', 'red'].includes(m.flag))).toBe(true);
    expect(report.flags.red).toBe(0);
  }, 30_000);

  it('reports a lone heavy chain as a zh/en error (TAP needs VH and VL)', async () => {
    const file = fasta('tap-vh.fasta', `>vh\n${trastuzumabH.sequence}\n`);
    const { code, err } = await run('developability', file);
    expect(code).toBe(1);
    expect(JSON.parse(err).error.code).toBe('CHAIN_REQUIRED');
  }, 30_000);
});

describe('epitopes --structure', () => {
  const pdbOf = (chains: string[]) =>
    chains
      .flatMap((chain, c) =>
        Array.from({ length: 30 }, (_, k) => {
          const x = (c * 40 + Math.cos(k / 3) * (8 + k / 2)).toFixed(3).padStart(8);
          const y = (Math.sin(k / 3) * (8 + k / 2)).toFixed(3).padStart(8);
          const z = (k * 1.5).toFixed(3).padStart(8);
          return `ATOM  ${String(k + 1 + c * 30).padStart(5)}  CA  ALA ${chain}${String(k + 1).padStart(4)}    ${x}${y}${z}  1.00  0.00           C`;
        }),
      )
      .join('\n');

  it('prints per-residue scores and ranked patches for the chain asked for', async () => {
    const file = fasta('antigen.pdb', pdbOf(['A', 'B']));
    const { code, out } = await run('epitopes', '--structure', file, '--chain', 'B');
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result.method).toBe('ellipro');
    expect(result.residues).toHaveLength(30);
    expect(result.residues[0]).toMatchObject({ chain: 'B', number: '1', residue: 'A' });
    expect(Array.isArray(result.patches)).toBe(true);
  });

  it('reports a missing chain, a chain choice needed and a file with no protein as zh/en errors', async () => {
    const two = fasta('two.pdb', pdbOf(['A', 'B']));
    const missing = await run('epitopes', '--structure', two, '--chain', 'Q');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.out).error.code).toBe('CHAIN_NOT_FOUND');
    expect(JSON.parse((await run('epitopes', '--structure', two)).out).error.code).toBe(
      'CHAIN_REQUIRED',
    );
    const empty = fasta(
      'ligand.pdb',
      'HETATM    1  C1  LIG A   1       0.000   0.000   0.000  1.00  0.00           C\n',
    );
    const none = JSON.parse((await run('epitopes', '--structure', empty)).out).error;
    expect(none.code).toBe('NO_PROTEIN');
    expect(none.message.zh).toMatch(/蛋白/);
  });

  it('refuses a file over 20 MB without parsing it', async () => {
    const big = join(dir, 'big.pdb');
    writeFileSync(big, Buffer.alloc(21 * 1024 * 1024, 0x20));
    const result = await run('epitopes', '--structure', big);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.out).error.code).toBe('FILE_TOO_LARGE');
  });
});

describe('antibody design-target', () => {
  // Hen egg-white lysozyme (UniProt P00698, mature chain).
  const lysozyme = fasta(
    'lysozyme.fa',
    '>lysozyme\nKVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL\n',
  );

  it('prints one ranked library aimed at the region, the same for the same seed', async () => {
    const first = await run(
      'design-target',
      lysozyme,
      '--region',
      '40-55',
      '--count',
      '50',
      '--seed',
      '2',
    );
    expect(first.code).toBe(0);
    const library = JSON.parse(first.out);
    expect(library.kind).toBe('target-design');
    expect(library.epitope).toMatchObject({ origin: 'user-region', start: 40, end: 55 });
    expect(library.designs).toHaveLength(50);
    expect(library.designs[0]).toMatchObject({ rank: 1, source: 'built-in', format: 'fv' });
    expect(library.claim.en).toMatch(/not a prediction of binding/);
    const again = await run('design-target', lysozyme, '--region=40-55', '--count=50', '--seed=2');
    expect(again.out).toBe(first.out);
  });

  it('makes VHH designs with --vhh', async () => {
    const result = await run('design-target', '--vhh', lysozyme, '--count', '50');
    const library = JSON.parse(result.out);
    expect(library.format).toBe('vhh');
    expect(library.designs.every((d: { light?: string }) => d.light === undefined)).toBe(true);
  });

  it('answers a region outside the antigen, a short antigen and DNA with a zh/en error and nothing else', async () => {
    const outside = await run('design-target', lysozyme, '--region', '120-140');
    expect(outside.code).toBe(1);
    const error = JSON.parse(outside.out).error;
    expect(error.code).toBe('REGION_OUTSIDE_ANTIGEN');
    expect(error.message.zh).toMatch(/不在抗原内/);
    expect(Object.keys(JSON.parse(outside.out))).toEqual(['error']);
    const short = await run('design-target', fasta('short.fa', '>p\nMKTAYIA\n'));
    expect(JSON.parse(short.out).error.code).toBe('TOO_SHORT');
    const dna = await run('design-target', fasta('dna.fa', '>g\nATGGCTAGCAAAGGAGAAGAA\n'));
    expect(JSON.parse(dna.out).error.code).toBe('LOOKS_LIKE_DNA');
  });
});
