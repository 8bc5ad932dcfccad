import classes from './reader.module.css';
import type { ReaderScreen } from './use-gate-reader';

/** Under "Gate locked down": nobody at the gate can change it, so say who can. */
const LOCKDOWN_READER_SUB = 'The property is in lockdown. Please contact the property manager.';

export const OFFLINE_TEXT = 'Offline — ask the resident to open the gate from their phone';

/**
 * What covers the reader: a decision for 3 s, "Checking…" while the server decides, or Offline. A
 * locked keypad's refusal shows the keypad's own sentence and clock, not a second one.
 */
export function ReaderOverlay({
  screen,
  online,
  lockedSentence,
}: {
  screen: ReaderScreen;
  online: boolean;
  lockedSentence: string | null;
}) {
  if (screen.kind === 'result') {
    return (
      <div className={screen.granted ? classes.granted : classes.refused} role="status">
        <p className={classes.overlayText}>{(screen.lockedOut && lockedSentence) || screen.text}</p>
        {screen.granted && <p className={classes.overlaySub}>The gate is opening</p>}
        {screen.lockdown && <p className={classes.overlaySub}>{LOCKDOWN_READER_SUB}</p>}
      </div>
    );
  }
  if (!online) {
    return (
      <div className={classes.offline} role="alert">
        <p className={classes.overlayText}>{OFFLINE_TEXT}</p>
        <p className={classes.overlaySub}>Trying to reconnect…</p>
      </div>
    );
  }
  if (screen.kind === 'deciding') {
    return (
      <div className={classes.deciding} role="status">
        <p className={classes.overlayText}>Checking…</p>
      </div>
    );
  }
  return null;
}
