import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  ChainType,
  EpitopeMethod,
  Flag,
  LiabilityKind,
  LocalizedText,
  RegionName,
  Severity,
  Species,
} from '@platform/antibody';
import type { Language } from '@platform/contracts';

// Names the toolkit returns as codes, in the UI language. Texts the toolkit writes itself
// (explanations, warnings, errors) come in zh and en and are picked with `inLanguage`.

export function inLanguage(text: LocalizedText, language: string): string {
  return (language as Language) === 'zh' ? text.zh : text.en;
}

export const CHAIN_TYPES: Record<ChainType, MessageDescriptor> = {
  heavy: msg`Heavy (VH)`,
  kappa: msg`Kappa (VK)`,
  lambda: msg`Lambda (VL)`,
};

export const SPECIES: Record<Species, MessageDescriptor> = {
  human: msg`Human`,
  mouse: msg`Mouse`,
};

export const REGIONS: Record<RegionName, string> = {
  fr1: 'FR1',
  cdr1: 'CDR1',
  fr2: 'FR2',
  cdr2: 'CDR2',
  fr3: 'FR3',
  cdr3: 'CDR3',
  fr4: 'FR4',
};

export const LIABILITY_KINDS: Record<LiabilityKind, MessageDescriptor> = {
  'n-glycosylation': msg`N-glycosylation`,
  deamidation: msg`Deamidation`,
  isomerization: msg`Isomerization`,
  fragmentation: msg`Fragmentation`,
  oxidation: msg`Oxidation`,
  'unpaired-cysteine': msg`Unpaired cysteine`,
  pyroglutamate: msg`N-terminal pyroglutamate`,
  'integrin-binding': msg`Integrin binding (RGD)`,
  glycation: msg`Lysine glycation`,
};

export const SEVERITIES: Record<Severity, MessageDescriptor> = {
  high: msg`High`,
  medium: msg`Medium`,
  low: msg`Low`,
};

export const SEVERITY_COLORS: Record<Severity, string> = {
  high: 'red',
  medium: 'orange',
  low: 'gray',
};

export const FLAGS: Record<Flag, MessageDescriptor> = {
  green: msg`Within range`,
  amber: msg`Borderline`,
  red: msg`Outside range`,
};

export const FLAG_COLORS: Record<Flag, string> = { green: 'green', amber: 'yellow', red: 'red' };

export const EPITOPE_METHODS: Record<EpitopeMethod, MessageDescriptor> = {
  'kolaskar-tongaonkar': msg`Kolaskar-Tongaonkar antigenicity`,
  parker: msg`Parker hydrophilicity`,
  emini: msg`Emini surface accessibility`,
  'chou-fasman': msg`Chou-Fasman beta-turn`,
};

export const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
