import { useEffect, useState } from 'react';

/** Counts down once started and calls `onDone` at zero (the 5-second redirects of docs/SPEC.md §4). */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!running) return;
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [running, left, onDone]);
  return left;
}
