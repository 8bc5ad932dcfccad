import type { EntryAnswer, ReaderIdentity } from '@core/api/entry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CodeDebounce } from './code-debounce';
import { decideCard, decidePin, decideQr, heartbeat, type ReaderReply, whoAmI } from './reader-api';
import { playTone } from './tones';

const RESULT_SHOWN_MS = 3000;
const CHECK_IN_EVERY_MS = 30_000;
const RETRY_OFFLINE_EVERY_MS = 5000;
const SAME_CODE_QUIET_MS = 3000;

export type ReaderScreen =
  | { kind: 'ready' }
  | { kind: 'deciding' }
  | { kind: 'result'; granted: boolean; text: string; lockedOut?: boolean; lockdown?: boolean };

function resultText(answer: EntryAnswer): string {
  if (!answer.granted) return answer.notice ?? answer.reason;
  const firstName = answer.visitor?.firstName ?? answer.resident?.firstName;
  return firstName ? `Welcome, ${firstName}` : 'Welcome';
}

/**
 * One gate reader's loop: who it is, whether the server answers, and what each scan or PIN
 * decided. Nothing opens unless the server said so within 5 s; offline, it keeps asking and
 * comes back by itself.
 */
export function useGateReader(deviceKey: string, onUnpaired: (message: string) => void) {
  const [identity, setIdentity] = useState<ReaderIdentity | null>(null);
  const [online, setOnline] = useState(true);
  const [screen, setScreen] = useState<ReaderScreen>({ kind: 'ready' });
  /** When a locked keypad opens again, by this reader's clock (from the server's Retry-After). */
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);
  const busy = useRef(false);
  const debounce = useRef(new CodeDebounce(SAME_CODE_QUIET_MS));
  const checkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopped = useRef(false);
  const unpaired = useRef(onUnpaired);
  unpaired.current = onUnpaired;

  const checkIn = useCallback(async () => {
    clearTimeout(checkTimer.current);
    const reply = await whoAmI(deviceKey);
    if (stopped.current) return;
    if (reply.kind === 'unpaired') return unpaired.current(reply.message);
    const answered = reply.kind === 'answer';
    setOnline(answered);
    if (answered) {
      setIdentity(reply.data);
      void heartbeat(deviceKey).then((beat) => beat.kind === 'unpaired' && unpaired.current(beat.message));
    }
    clearTimeout(checkTimer.current);
    checkTimer.current = setTimeout(checkIn, answered ? CHECK_IN_EVERY_MS : RETRY_OFFLINE_EVERY_MS);
  }, [deviceKey]);

  useEffect(() => {
    stopped.current = false;
    void checkIn();
    const wentOffline = () => setOnline(false);
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', checkIn);
    return () => {
      stopped.current = true;
      clearTimeout(checkTimer.current);
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', checkIn);
    };
  }, [checkIn]);

  const decide = useCallback(
    async (ask: () => Promise<ReaderReply<EntryAnswer>>, credential: 'qr' | 'pin' | 'card') => {
      busy.current = true;
      setScreen({ kind: 'deciding' });
      const reply = await ask();
      const show = (granted: boolean, text: string, lockedOut = false, lockdown = false) => {
        playTone(granted);
        setScreen({ kind: 'result', granted, text, lockedOut, lockdown });
        setTimeout(() => {
          busy.current = false;
          setScreen({ kind: 'ready' });
        }, RESULT_SHOWN_MS);
      };
      if (reply.kind === 'answer') {
        setOnline(true);
        return show(reply.data.granted, resultText(reply.data), false, reply.data.rule === 'lockdown');
      }
      if (reply.kind === 'refused') {
        if (credential === 'pin' && reply.status === 429) {
          setLockedUntil(Date.now() + (reply.retryAfterSeconds ?? 60) * 1000);
          return show(false, reply.message, true);
        }
        return show(false, reply.message);
      }
      busy.current = false;
      setScreen({ kind: 'ready' });
      if (reply.kind === 'unpaired') return unpaired.current(reply.message);
      // No answer: the gate stays shut; no scan is sent again later, when the person may be gone.
      setOnline(false);
      clearTimeout(checkTimer.current);
      checkTimer.current = setTimeout(checkIn, RETRY_OFFLINE_EVERY_MS);
    },
    [checkIn],
  );

  /** A fresh QR code: decided, unless someone else's result is on screen (then the next sighting is). */
  const decideCode = useCallback(
    (code: string) => {
      if (busy.current) debounce.current.forget(code);
      else void decide(() => decideQr(deviceKey, code), 'qr');
    },
    [decide, deviceKey],
  );

  const scanned = useCallback(
    (code: string) => {
      if (debounce.current.fresh(code, Date.now())) decideCode(code);
    },
    [decideCode],
  );

  const framed = useCallback(
    (codes: string[]) => {
      for (const code of debounce.current.framed(codes, Date.now())) decideCode(code);
    },
    [decideCode],
  );

  const cardRead = useCallback(
    (card: string) => {
      const fresh = debounce.current.fresh(card, Date.now());
      if (!fresh) return;
      if (busy.current) return debounce.current.forget(card);
      void decide(() => decideCard(deviceKey, card), 'card');
    },
    [decide, deviceKey],
  );

  const pinEntered = useCallback(
    (pin: string) => {
      if (!busy.current) void decide(() => decidePin(deviceKey, pin), 'pin');
    },
    [decide, deviceKey],
  );

  return { identity, online, screen, lockedUntil, scanned, framed, cardRead, pinEntered };
}
