import { useCallback, useEffect, useRef, useState } from 'react';

export interface TimedMessage {
  text: string;
  color: 'green' | 'red';
}

/**
 * A message that clears itself after `ms` (docs/SPEC.md §9 timings); a newer message restarts the clock.
 * One shown with `{ keep: true }` (a failure) stays until cleared or replaced, so it is
 * not gone before it is read.
 */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: TimedMessage, options: { keep?: boolean } = {}) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (!options.keep) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  return [message, show, clear] as const;
}
