import { describe, expect, it } from 'vitest';

import { EXAMPLE_ANTIBODIES, EXAMPLE_ANTIGEN } from './examples';
import { ToolkitJobError } from './toolkit.errors';
import { analyze, type DesignJob, runJob } from './toolkit.jobs';

const TRASTUZUMAB_VH = EXAMPLE_ANTIBODIES.split('\n')[1]!;

describe('toolkit jobs', () => {
  it('should number, risk-check and humanize every FASTA record, keeping a bad one as an error', () => {
    const sut = analyze(`${EXAMPLE_ANTIBODIES}>dna\nACGTACGTACGTACGTACGT\n`, 'imgt');
    expect(sut.map((r) => r.id)).toEqual([
      'trastuzumab_VH',
      'trastuzumab_VL',
      'rituximab_VH',
      'rituximab_VL',
      'dna',
    ]);
    // IMGT CDRs of trastuzumab VH (IMGT/mAb-DB), as in the toolkit's own test set.
    expect(sut[0]!.numbering?.cdrs).toEqual({
      cdr1: 'GFNIKDTY',
      cdr2: 'IYPTNGYT',
      cdr3: 'SRWGGDGFYAMDY',
    });
    expect(sut[1]!.numbering?.chainType).toBe('kappa');
    expect(sut[2]!.numbering?.species).toBe('mouse');
    expect(sut[0]!.liabilities?.some((l) => l.motif === 'DG' && l.region === 'cdr3')).toBe(true);
    expect(sut[2]!.humanization?.humanness.after.identity).toBeGreaterThan(
      sut[2]!.humanization!.humanness.before.identity,
    );
    expect(sut[4]!.numbering).toBeUndefined();
    expect(sut[4]!.error?.code).toBe('LOOKS_LIKE_DNA');
    expect(sut[4]!.error?.message?.zh).toBeTruthy();
  });

  it('should number under Kabat when asked', () => {
    const [sut] = analyze(TRASTUZUMAB_VH, 'kabat');
    expect(sut!.id).toBe('seq1');
    // Kabat CDR-H3 of trastuzumab (US5821337).
    expect(sut!.numbering?.cdrs.cdr3).toBe('WGGDGFYAMDY');
  });

  it('should give the same library for the same seed and another for another seed', () => {
    const job: Omit<DesignJob, 'seed'> = {
      kind: 'design',
      sequence: TRASTUZUMAB_VH,
      cdrs: ['cdr3'],
      count: 5,
    };
    const first = runJob({ ...job, seed: 7 });
    const again = runJob({ ...job, seed: 7 });
    const other = runJob({ ...job, seed: 8 });
    expect(first.variants.map((v) => v.sequence)).toEqual(again.variants.map((v) => v.sequence));
    expect(first.variants.map((v) => v.sequence)).not.toEqual(
      other.variants.map((v) => v.sequence),
    );
    expect(first.variants).toHaveLength(5);
  });

  it('should predict epitopes on the first record and count the ones left out', () => {
    const sut = runJob({
      kind: 'epitopes',
      text: `${EXAMPLE_ANTIGEN}>second\nKVFGRCELAAAMKRHGLD\n`,
      minLength: 6,
      minVotes: 3,
    });
    expect(sut.id).toBe('HEL');
    expect(sut.ignored).toBe(1);
    expect(sut.prediction.sequence).toHaveLength(129);
    expect(sut.prediction.methods.parker.scores).toHaveLength(129);
  });

  it('should turn a toolkit error into a ToolkitJobError with both languages', () => {
    const failure = (() => {
      try {
        runJob({ kind: 'epitopes', text: '   ', minLength: 6, minVotes: 3 });
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(ToolkitJobError);
    expect((failure as ToolkitJobError).error).toMatchObject({
      code: 'EMPTY_INPUT',
      message: { zh: expect.any(String), en: expect.any(String) },
    });
  });
});
