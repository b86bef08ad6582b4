import { designAgainstTarget } from '@platform/antibody';

// A real library designed against hen egg-white lysozyme (UniProt P00698, mature chain) by the
// toolkit, for the tests of its detection, downloads and card.

const LYSOZYME =
  'KVFGRCELAAAMKRHGLDNYRGYSLGNWVCAAKFESNFNTQATNRNTDGSTDYGILQINSRWWCNDGRTPGSRNLCNIPCSALLSSDITASVNCAKKIVSDGNGMNAWVAWRNRCKGTDVQAWIRGCRL';

export const targetLibrary = designAgainstTarget({ sequence: LYSOZYME }, { count: 50, seed: 4 });

/** The design node's output as the worker writes it: the designs as `rows`, a summary beside. */
export function workerTargetOutput() {
  const { designs, method, ...rest } = targetLibrary;
  return {
    result: 'Design against a target',
    design: { ...rest, rules: method, total: designs.length, rows: designs },
  };
}
