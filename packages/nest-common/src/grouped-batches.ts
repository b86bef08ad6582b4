import DataLoader from 'dataloader';

/** Keys in one batch at most. */
const MAX_BATCH = 200;

/**
 * A loader (DataLoader) whose batches are the calls that arrive while the previous batch runs, as
 * a database group-commits writes (the workflow service's NodeLogWriter does the same with the
 * mission log's upserts): at low load a call goes alone, on the next turn of the event loop; under
 * load one statement serves many. Nothing is cached: each call's batch starts after the call
 * arrived, so a read is as fresh as a read of its own, and a write is done when its call is
 * answered. `run` answers the keys' values in the keys' order (a key may come twice: each caller
 * gets its own value), or an Error for a key that failed.
 */
export function groupedBatches<K, V>(
  run: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
): DataLoader<K, V> {
  let reading = 0;
  const waiting: (() => void)[] = [];
  return new DataLoader<K, V>(
    async (keys) => {
      reading += 1;
      try {
        return await run(keys);
      } finally {
        reading -= 1;
        if (reading === 0) for (const dispatch of waiting.splice(0)) dispatch();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (dispatch) => {
        if (reading > 0) waiting.push(dispatch);
        else setImmediate(dispatch);
      },
    },
  );
}
