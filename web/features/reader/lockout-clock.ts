import { KEYPAD_MESSAGES } from '@core/api/keypad-messages';
import { useEffect, useState } from 'react';

function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The one sentence of a locked keypad, counting down to the lock's end the server gave (Retry-After);
 * null once it has passed. The overlay and the keypad both show it, so they never disagree.
 */
export function useLockoutSentence(until: number | null): string | null {
  const secondsLeft = useSecondsUntil(until);
  return secondsLeft > 0 ? KEYPAD_MESSAGES.lockedUntil(minutesAndSeconds(secondsLeft)) : null;
}
