import { useEffect, useRef } from 'react';

/** A scanner types far faster than a person: a longer pause between keys starts over. */
const MAX_GAP_MS = 100;
const MIN_LENGTH = 4;

/**
 * A USB or Bluetooth QR scanner that types what it reads ("keyboard wedge"): characters typed
 * quickly then Enter, anywhere on the page, are one scan.
 */
export function useKeyboardWedge(onScan: (text: string) => void) {
  const latest = useRef(onScan);
  latest.current = onScan;

  useEffect(() => {
    let buffer = '';
    let lastKeyAt = 0;
    const onKey = (event: KeyboardEvent) => {
      const now = performance.now();
      if (now - lastKeyAt > MAX_GAP_MS) buffer = '';
      lastKeyAt = now;
      if (event.key === 'Enter') {
        if (buffer.length >= MIN_LENGTH) {
          event.preventDefault();
          latest.current(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1) {
        buffer += event.key;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
