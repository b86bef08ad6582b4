import { type Acceptor, chooseAcceptor } from './humanize';
import { type GermlineMatch, type NumberingResult, numberSequence } from './numbering/number';

/**
 * The germlines the platform names for an antibody chain, wherever it names them: the assistant's
 * preview of a request, the numbering node of a mission, the humanization's acceptor. One function,
 * so that the chat and the results never disagree about the same chain.
 */
export interface ChainGermlines {
  chainType: NumberingResult['chainType'];
  species: NumberingResult['species'];
  /** Closest V germline of any species over IMGT 1-104 (the numbering's assignment). */
  closest: GermlineMatch;
  /** Closest human V germline over IMGT 1-104 (the humanness figures). */
  closestHuman: GermlineMatch;
  /** The human V and J germlines humanization grafts onto (framework identity, key positions). */
  acceptor: Acceptor;
}

/** `chain`: a sequence, or a chain already numbered in IMGT (the numbering is not repeated). */
export function chainGermlines(chain: string | NumberingResult): ChainGermlines {
  const imgt =
    typeof chain === 'string'
      ? numberSequence(chain, { scheme: 'imgt' })
      : chain.scheme === 'imgt'
        ? chain
        : numberSequence(chain.sequence, { scheme: 'imgt' });
  return {
    chainType: imgt.chainType,
    species: imgt.species,
    closest: imgt.germlines.v,
    closestHuman: imgt.germlines.humanV,
    acceptor: chooseAcceptor(imgt),
  };
}
