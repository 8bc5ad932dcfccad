import { parseCardNumber } from '@core/cards/card-number';
import { Box } from '@mantine/core';
import { CameraView } from './camera-view';
import { useKeyboardWedge } from './keyboard-wedge';
import { Keypad } from './keypad';
import { useLockoutSentence } from './lockout-clock';
import classes from './reader.module.css';
import { ReaderIntercom } from './reader-intercom';
import { ReaderOverlay } from './reader-overlay';
import { useGateReader } from './use-gate-reader';

/** The reader of one gate: camera, keyboard-wedge scanner or card reader and, with Secure PIN, the keypad. */
export function PairedReader({ deviceKey, onUnpaired }: { deviceKey: string; onUnpaired: (message: string) => void }) {
  const reader = useGateReader(deviceKey, onUnpaired);
  const { identity, screen } = reader;
  const lockedSentence = useLockoutSentence(reader.lockedUntil);
  // One USB port, two kinds of wedge: a card reader types a card number, a QR scanner a pass token.
  useKeyboardWedge((typed) =>
    identity?.cards && parseCardNumber(typed).ok ? reader.cardRead(typed) : reader.scanned(typed),
  );

  return (
    <Box component="main" className={classes.reader}>
      <header className={classes.header}>
        <div>
          <h1 className={classes.gateName}>{identity?.gateName ?? 'Gate reader'}</h1>
          <p className={classes.propertyName}>{identity?.propertyName ?? 'Connecting…'}</p>
        </div>
        <p className={reader.online ? classes.online : classes.offlineBadge}>{reader.online ? 'Online' : 'Offline'}</p>
      </header>
      <div className={identity?.securePin ? classes.bodyWithKeypad : classes.body}>
        <div className={classes.scannerColumn}>
          <CameraView onFrame={reader.framed} cards={identity?.cards ?? false} />
          {identity?.intercom && <ReaderIntercom deviceKey={deviceKey} lockedDown={identity.lockedDown ?? false} />}
        </div>
        {identity?.securePin && (
          <Keypad onPin={reader.pinEntered} disabled={screen.kind !== 'ready'} lockedSentence={lockedSentence} />
        )}
      </div>
      <ReaderOverlay screen={screen} online={reader.online} lockedSentence={lockedSentence} />
    </Box>
  );
}
