import { KEYPAD_MESSAGES } from '@core/api/keypad-messages';
import { UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from './reader.module.css';

const DOTS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'];
const PIN_LENGTH = DOTS.length;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear', '0', 'Delete'] as const;

/** Six masked digits, sent on the sixth; while locked out, the lockout sentence with its countdown. */
export function Keypad({
  onPin,
  disabled,
  lockedSentence,
}: {
  onPin: (pin: string) => void;
  disabled: boolean;
  lockedSentence: string | null;
}) {
  const [digits, setDigits] = useState('');
  const locked = lockedSentence !== null;

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
      <h2 className={classes.keypadTitle}>{KEYPAD_MESSAGES.title}</h2>
      <div className={classes.pinDots} role="img" aria-label={`${digits.length} of ${PIN_LENGTH} digits entered`}>
        {DOTS.map((dot, index) => (
          <span key={dot} className={index < digits.length ? classes.dotFilled : classes.dot} />
        ))}
      </div>
      {locked && (
        <p className={classes.lockout} role="alert">
          {lockedSentence}
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
