import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown (the 120 s wait between two verification codes, spec §4). */
export function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  const start = useCallback((from: number = seconds) => setRemaining(from), [seconds]);
  return { remaining, start, running: remaining > 0 };
}
