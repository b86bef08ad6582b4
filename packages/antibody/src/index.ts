// Public API of the antibody toolkit. Pure TypeScript with no Node built-ins, so the web app can
// bundle it; the command-line tool lives in cli.ts and is not exported here.
export type { ChainGermlines } from './chain-germlines';
export { chainGermlines } from './chain-germlines';
export type { CdrName, DesignedVariant, DesignOptions, DesignResult } from './design';
export { designLibrary, mulberry32 } from './design';
export type { TapFlag, TapMetric, TapMetricName, TapReport, TapResidue } from './developability';
export { profileDevelopability, TAP_THRESHOLDS, tapFlag } from './developability';
export type {
  EpitopeMethod,
  EpitopeOptions,
  EpitopePrediction,
  MethodResult,
  Segment,
} from './epitopes';
export { eminiSurfaceProbability, predictEpitopes, windowScores } from './epitopes';
export * from './errors';
export type {
  Acceptor,
  BackMutation,
  ChangeCandidate,
  GermlineProfileParameters,
  HumanizationResult,
  HumanizationStrategy,
  HumanizeOptions,
  HumannessReport,
  KeyZone,
  Mutation,
} from './humanize';
export {
  changeCandidates,
  changeProbability,
  chooseAcceptor,
  GERMLINE_PROFILE,
  humanize,
  KEY_POSITIONS,
} from './humanize';
export type {
  Developability,
  DevelopabilityFigure,
  Flag,
  Liability,
  LiabilityKind,
  LiabilityReport,
  Severity,
} from './liabilities';
export {
  analyzeLiabilities,
  developability,
  DEVELOPABILITY_THRESHOLDS,
  findLiabilities,
} from './liabilities';
export type {
  ChainType,
  GermlineMatch,
  NumberedResidue,
  NumberingResult,
  NumberOptions,
  RegionName,
} from './numbering/number';
export { numberSequence, renumber } from './numbering/number';
export type { Position } from './numbering/positions';
export type { Scheme } from './numbering/schemes';
export type { Locus, Species } from './reference/germlines';
export type { AminoAcidScale } from './reference/scales';
export {
  CHOU_FASMAN_TURN,
  EMINI_SURFACE,
  KOLASKAR_TONGAONKAR,
  KYTE_DOOLITTLE,
  PARKER_HYDROPHILICITY,
} from './reference/scales';
export type { SequenceRecord } from './sequence/sequence';
export { cleanProteinSequence, parseFasta } from './sequence/sequence';
export type { StructureInput, StructurePrediction, StructurePredictorConfig } from './structure';
export { predictStructure } from './structure';
export type {
  EpitopePatch,
  StructureEpitopeOptions,
  StructureEpitopeResidue,
  StructureEpitopes,
} from './structure/ellipro';
export { predictStructureEpitopes } from './structure/ellipro';
export type { FvModel, ModelOptions, RegionReport } from './structure/model';
export { modelStructure } from './structure/model';
export type { PdbResidue } from './structure/pdb';
export { parsePdb, writePdb } from './structure/pdb';
export { ONE_LETTER } from './structure/residues';
export type { ResidueSasa } from './structure/sasa';
export { shrakeRupley } from './structure/sasa';
export type { FvTemplate, TemplateChain, TemplateResidue } from './structure/templates';
export { unpackLibrary } from './structure/templates';
export type { TargetAntigen, TargetAntigenInput, TargetEpitope } from './target/antigen';
export { MIN_ANTIGEN_LENGTH, parseRegion } from './target/antigen';
export type {
  CandidateAntibody,
  GermlineCall,
  ScoreParts,
  TargetDesign,
  TargetDesignOptions,
  TargetDesignResult,
} from './target/design-target';
export { prepareTarget } from './target/design-target';
export { designAgainstTarget, TARGET_DESIGN_CLAIM } from './target/design-target';
export type { TargetGeneratorConfig } from './target/generator';
export { designAgainstTargetWith } from './target/generator';
