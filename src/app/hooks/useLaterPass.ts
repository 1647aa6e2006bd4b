import { startTransition, useEffect, useState } from 'react';

/**
 * false in a component's first commit, true from a second pass that React renders as a transition (interruptible,
 * in slices): what the first commit must not wait for, or must not be part of, renders there.
 */
export function useLaterPass(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => startTransition(() => setLater(true)), []);
  return later;
}
