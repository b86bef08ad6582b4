import { Trans, useLingui } from '@lingui/react/macro';

import { EXAMPLE_ANTIBODIES, EXAMPLE_ANTIGEN } from '../antibody';
import type { SampleInput } from './components/StartMissionForm';

/** The first `count` FASTA records of a text. */
const firstRecords = (fasta: string, count: number) =>
  fasta
    .split(/(?=^>)/m)
    .slice(0, count)
    .join('');

/** Murine rituximab VH and VL: what a humanization test run starts from. */
const MURINE = EXAMPLE_ANTIBODIES.split(/(?=^>)/m)
  .filter((record) => record.includes('murine'))
  .join('');

/**
 * Sample requests with published sequences, one per job the seeded workflows do (the task test
 * page and the playground offer them), in the reader's language.
 */
export function useSampleInputs(): SampleInput[] {
  const { t } = useLingui();
  return [
    {
      label: <Trans>Humanize murine antibody</Trans>,
      text: `${t`Humanize this antibody`}\n${MURINE}`,
    },
    {
      label: <Trans>Risk sites of trastuzumab</Trans>,
      text: `${t`Find the risk sites of this antibody`}\n${firstRecords(EXAMPLE_ANTIBODIES, 2)}`,
    },
    {
      label: <Trans>Epitopes of lysozyme</Trans>,
      text: `${t`Predict the epitopes of this antigen`}\n${EXAMPLE_ANTIGEN}`,
    },
    {
      label: <Trans>CDR library from trastuzumab VH</Trans>,
      text: `${t`Design a CDR3 library of 20 variants`}\n${firstRecords(EXAMPLE_ANTIBODIES, 1)}`,
    },
  ];
}
