import { UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './reader.module.css';

const DOTS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'];
const PIN_LENGTH = DOTS.length;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear', '0', 'Delete'] as const;

function useSecondsUntil(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** Six masked digits, sent on the sixth; while locked out, the server's message and a countdown. */
export function Keypad({
  onPin,
  disabled,
  lockout,
}: {
  onPin: (pin: string) => void;
  disabled: boolean;
  lockout: { message: string; until: number } | null;
}) {
  const [digits, setDigits] = useState('');
  const secondsLeft = useSecondsUntil(lockout?.until ?? null);
  const locked = secondsLeft > 0;

  const press = (key: (typeof KEYS)[number]) => {
    if (key === 'Clear') return setDigits('');
    if (key === 'Delete') return setDigits((value) => value.slice(0, -1));
    const next = digits + key;
    if (next.length < PIN_LENGTH) return setDigits(next);
    setDigits('');
    onPin(next);
  };

  return (
    <section className={classes.keypad} aria-label="Keypad">
      <h2 className={classes.keypadTitle}>Residents: enter your PIN</h2>
      <div className={classes.pinDots} role="img" aria-label={`${digits.length} of ${PIN_LENGTH} digits entered`}>
        {DOTS.map((dot, index) => (
          <span key={dot} className={index < digits.length ? classes.dotFilled : classes.dot} />
        ))}
      </div>
      {locked && lockout && (
        <p className={classes.lockout} role="alert">
          {lockout.message} Try again in {minutesAndSeconds(secondsLeft)}.
        </p>
      )}
      <div className={classes.keys}>
        {KEYS.map((key) => (
          <UnstyledButton
            key={key}
            className={key.length === 1 ? classes.key : classes.keyWord}
            onClick={() => press(key)}
            disabled={disabled || locked}
            aria-label={key === 'Delete' ? 'Delete' : undefined}
          >
            {key === 'Delete' ? '⌫' : key}
          </UnstyledButton>
        ))}
      </div>
    </section>
  );
}
