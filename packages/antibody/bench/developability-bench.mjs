// TAP developability on the built-in model: the five metrics of the Therapeutic Antibody Profiler
// (Raybould et al., PNAS 2019; src/developability.ts) for ten approved therapeutics, whose variable
// domains come from the WHO INN lists and IMGT/mAb-DB (src/fixtures/therapeutic-antibodies.ts), and
// for trastuzumab variants: hydrophobic, positively and negatively charged CDR-H2, H3 and L3 (same
// lengths), and a CDR-H3 longer by 14 hydrophobic or polar residues. TAP's red band
// starts beyond the most extreme of its 242 clinical-stage therapeutics, so none of the ten should
// get a red flag; the variants should.
//
// Usage: pnpm --filter @platform/antibody bench:developability
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { profileDevelopability } = require('../dist/index.js');
const { modelWithBuiltInTemplates } = require('../dist/node.js');
const {
  APPROVED_THERAPEUTICS: APPROVED,
  THERAPEUTIC_CHAINS,
} = require('../dist/fixtures/therapeutic-antibodies.js');

const sequence = (name) => THERAPEUTIC_CHAINS.find((c) => c.name === name).sequence;
const H = sequence('trastuzumab VH');
const L = sequence('trastuzumab VL');
const variant = (label, h2, h3, l3) => [
  `trastuzumab, ${label} (H2 ${h2}, H3 ${h3}, L3 ${l3})`,
  H.replace('RIYPTNGYTRY', h2).replace('WGGDGFYAMDY', h3),
  L.replace('QQHYTTPPT', l3),
];
const rows = [
  ...APPROVED.map((name) => [name, sequence(`${name} VH`), sequence(`${name} VL`)]),
  variant('hydrophobic', 'RIIPLLGITRY', 'WIVLFIYAMDY', 'QQLIVLPPT'),
  variant('positive', 'RIKPRNGKTRY', 'WRKRGFKRMDY', 'QQRKTKPPT'),
  variant('negative', 'RIDPEDGETRY', 'WDEDGFEDMDY', 'QQDETEPPT'),
  ...['LIVFLIVYLVWFIL', 'GSYGSYGSYGSYGS'].map((insert) => [
    `trastuzumab, CDR-H3 + ${insert}`,
    H.replace('WGGDGFYAMDY', `WGGD${insert}GFYAMDY`),
    L,
  ]),
];

console.log('| antibody | CDR length | PSH | PPC | PNC | SFvCSP | model + TAP (ms) |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
let red = 0;
for (const [name, heavy, light] of rows) {
  const started = performance.now();
  const report = profileDevelopability(modelWithBuiltInTemplates({ heavy, light }).residues);
  const ms = Math.round(performance.now() - started);
  if (APPROVED.includes(name)) red += report.flags.red;
  const cells = report.metrics.map((m) => `${m.value} ${m.flag}`);
  console.log(`| ${name} | ${cells.join(' | ')} | ${ms} |`);
}
console.log(`\nRed flags on the ten approved therapeutics: ${red}`);
if (red > 0) process.exitCode = 1;
