import DataLoader from 'dataloader';

/** Keys in one statement at most. */
const MAX_BATCH = 200;

/**
 * A loader (DataLoader) whose batches are the reads that arrive while the previous batch is being
 * read, as a database group-commits writes (NodeLogWriter does the same with the mission log's
 * writes): at low load a read goes alone, on the next turn of the event loop; under load one
 * statement answers many. Nothing is cached: each read starts after its request arrived, so it is
 * as fresh as a read of its own. `read` answers the keys' values in the keys' order (a key may
 * come twice: each caller gets its own value).
 */
export function groupedReads<K, V>(
  read: (keys: readonly K[]) => Promise<readonly (V | Error)[]>,
): DataLoader<K, V> {
  let reading = 0;
  const waiting: (() => void)[] = [];
  return new DataLoader<K, V>(
    async (keys) => {
      reading += 1;
      try {
        return await read(keys);
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
