// The antibody toolkit's one server route: structure prediction through an external predictor.

/** Longest chain accepted for structure prediction (a full IgG heavy chain is about 450 residues). */
export const ANTIBODY_CHAIN_MAX = 2000;

/** Path of the structure-prediction route under /prod-api. */
export const ANTIBODY_STRUCTURE_PATH = '/wujie/antibody/structure';
