import { useEffect, useState } from 'react';

/** The current time, refreshed every `ms` while the component is shown: relative times and statuses computed from
 * times move on without waiting for a poll. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}
