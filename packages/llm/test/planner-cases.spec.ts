import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { AssistantJob, Language } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { type ChatAttachment, planConversation, type PlannerOutcome } from '../src';
import {
  blocks,
  LYSOZYME,
  RITUXIMAB_VH,
  RITUXIMAB_VL,
  TRASTUZUMAB_VH,
  TRASTUZUMAB_VL,
  wrap,
} from './support/sequences';

// The planner's test set (test/cases/planner-cases.json): requests written as users write them, half
// in Chinese and half in English. Every case runs; the test passes when at least 95 % give the
// expected outcome, and lists each miss by its text.

interface Case {
  lang: Language;
  text: string;
  files?: ChatAttachment[];
  expect: {
    kind: PlannerOutcome['kind'];
    jobs?: AssistantJob[];
    missing?: string;
    topic?: string;
  };
}

const PLACEHOLDERS: Record<string, string> = {
  VH: TRASTUZUMAB_VH,
  VL: TRASTUZUMAB_VL,
  VH2: RITUXIMAB_VH,
  VL2: RITUXIMAB_VL,
  AG: LYSOZYME,
  AG_FASTA: `>lysozyme P00698\n${wrap(LYSOZYME)}`,
  PAIR_FASTA: `>VH\n${wrap(TRASTUZUMAB_VH)}\n>VL\n${wrap(TRASTUZUMAB_VL)}`,
  VH_LOWER: TRASTUZUMAB_VH.toLowerCase(),
  VH_BLOCKS: blocks(RITUXIMAB_VH),
};

const fill = (text: string) =>
  text.replace(/\{(\w+)\}/g, (whole, k: string) => PLACEHOLDERS[k] ?? whole);

const CASES = (
  JSON.parse(readFileSync(join(__dirname, 'cases', 'planner-cases.json'), 'utf8')) as {
    cases: Case[];
  }
).cases;

/** The jobs an outcome plans or asks about. */
function jobsOf(outcome: PlannerOutcome): AssistantJob[] {
  if (outcome.kind === 'plan') return outcome.plans.map((p) => p.job);
  if (outcome.kind === 'ask') return outcome.jobs;
  return [];
}

/** Why an outcome misses the expectation, or undefined when it meets it. */
function miss(c: Case, outcome: PlannerOutcome): string | undefined {
  const got = `${outcome.kind} ${jobsOf(outcome).join('+')} ${outcome.kind === 'ask' ? outcome.missing : ''}${outcome.kind === 'answer' ? outcome.topic : ''}`;
  if (outcome.kind !== c.expect.kind) return got;
  if (outcome.language !== c.lang) return `${got} (language ${outcome.language})`;
  if (c.expect.jobs && [...jobsOf(outcome)].sort().join() !== [...c.expect.jobs].sort().join())
    return got;
  if (outcome.kind === 'ask' && c.expect.missing !== outcome.missing) return got;
  if (outcome.kind === 'answer' && c.expect.topic !== outcome.topic) return got;
  return undefined;
}

describe('the planner test set', () => {
  it('should hold at least 120 prompts, half of them in Chinese', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(120);
    expect(CASES.filter((c) => c.lang === 'zh').length).toBe(CASES.length / 2);
  });

  it('should give the expected outcome for at least 95 % of the prompts', () => {
    const misses: string[] = [];
    for (const c of CASES) {
      const text = fill(c.text);
      const files = c.files?.map((f) => ({ name: f.name, text: fill(f.text) }));
      const outcome = planConversation([
        { role: 'user', content: text, ...(files ? { attachments: files } : {}) },
      ]);
      const why = miss(c, outcome);
      if (why) misses.push(`[${c.lang}] ${c.text.split('\n')[0]} → got ${why}`);
    }
    const rate = 1 - misses.length / CASES.length;
    console.info(
      `planner test set: ${CASES.length - misses.length}/${CASES.length} (${(rate * 100).toFixed(1)} %)` +
        misses.map((m) => `\n  miss: ${m}`).join(''),
    );
    expect(rate, `misses:\n${misses.join('\n')}`).toBeGreaterThanOrEqual(0.95);
  });
});
