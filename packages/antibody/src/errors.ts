/** A user-visible text in both languages of the platform. */
export interface LocalizedText {
  zh: string;
  en: string;
}

export type AntibodyErrorCode =
  | 'EMPTY_INPUT'
  | 'INVALID_CHARACTERS'
  | 'STOP_CODON'
  | 'LOOKS_LIKE_DNA'
  | 'TOO_SHORT'
  | 'NOT_ANTIBODY'
  | 'INVALID_OPTION'
  | 'STRUCTURE_PREDICTOR_NOT_CONFIGURED'
  | 'STRUCTURE_PREDICTOR_FAILED'
  | 'NO_PROTEIN'
  | 'CHAIN_REQUIRED'
  | 'CHAIN_NOT_FOUND'
  | 'FILE_TOO_LARGE'
  | 'REGION_OUTSIDE_ANTIGEN'
  | 'TARGET_GENERATOR_FAILED';

/** Thrown for bad input or configuration; `details` carries machine-readable context (e.g. positions). */
export class AntibodyError extends Error {
  readonly code: AntibodyErrorCode;
  readonly text: LocalizedText;
  readonly details?: Record<string, unknown>;

  constructor(code: AntibodyErrorCode, text: LocalizedText, details?: Record<string, unknown>) {
    super(text.en);
    this.name = 'AntibodyError';
    this.code = code;
    this.text = text;
    this.details = details;
  }

  toJSON(): { code: AntibodyErrorCode; message: LocalizedText; details?: Record<string, unknown> } {
    return { code: this.code, message: this.text, details: this.details };
  }
}

export type WarningCode =
  | 'NORMALIZED_CASE'
  | 'REMOVED_WHITESPACE'
  | 'TRAILING_STOP_REMOVED'
  | 'CONSERVED_RESIDUE_MISSING'
  | 'TRUNCATED_DOMAIN'
  | 'EXTRA_DOMAIN';

export interface Warning {
  code: WarningCode;
  message: LocalizedText;
}

export function warning(code: WarningCode, zh: string, en: string): Warning {
  return { code, message: { zh, en } };
}
