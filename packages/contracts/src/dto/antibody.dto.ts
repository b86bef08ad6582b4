import { ValidateIf } from 'class-validator';

import { ANTIBODY_CHAIN_MAX } from '../antibody/structure';
import { MaxLen, Required, Text } from './decorators';

const present = (value: unknown) => value !== undefined && value !== null;

/** Validated when given, and required when the other chain is missing (at least one chain). */
const ChainUnless = (other: 'heavy' | 'light'): PropertyDecorator => {
  const validateIf = ValidateIf(
    (body: Record<string, unknown>, value: unknown) => present(value) || !present(body[other]),
  );
  return (target, property) => {
    validateIf(target, property);
    Required()(target, property);
    Text()(target, property);
    MaxLen(ANTIBODY_CHAIN_MAX)(target, property);
  };
};

/** Body of POST /wujie/antibody/structure: the chains to fold, at least one of them. */
export class PredictStructureBody {
  /** Heavy-chain sequence in one-letter amino-acid codes (the toolkit validates the letters). */
  @ChainUnless('light')
  heavy?: string;

  /** Light-chain sequence in one-letter amino-acid codes. */
  @ChainUnless('heavy')
  light?: string;
}
