import { Box } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { PairedReader } from './paired-reader';
import classes from './reader.module.css';
import { forgetKey, storedKey, takeKeyFromAddress } from './reader-key';
import { useKiosk } from './use-kiosk';

const KEY_REVOKED = "This reader's device key was rotated or deleted, so it is no longer paired.";

/**
 * /reader: the full-screen page of one gate device, without sign-in. It pairs from
 * `/reader#key=<device key>` and stays paired across reloads. A super administrator unpairs it by
 * rotating or deleting the device's key (docs/decisions/0033).
 */
export function ReaderPage() {
  const [deviceKey, setDeviceKey] = useState(() => takeKeyFromAddress() ?? storedKey());
  const [unpairedBecause, setUnpairedBecause] = useState<string | null>(null);
  useKiosk();

  useEffect(() => {
    const repair = () => {
      const key = takeKeyFromAddress();
      if (key) setDeviceKey(key);
    };
    window.addEventListener('hashchange', repair);
    return () => window.removeEventListener('hashchange', repair);
  }, []);

  const unpair = useCallback(() => {
    forgetKey();
    setDeviceKey(null);
    setUnpairedBecause(KEY_REVOKED);
  }, []);

  if (deviceKey) return <PairedReader key={deviceKey} deviceKey={deviceKey} onUnpaired={unpair} />;
  return (
    <Box component="main" className={classes.reader}>
      <div className={classes.unpaired}>
        <h1 className={classes.gateName}>This reader is not paired</h1>
        {unpairedBecause && (
          <p className={classes.unpairedReason} role="alert">
            {unpairedBecause}
          </p>
        )}
        <p className={classes.propertyName}>
          To pair it, ask your Gatehouse administrator. They choose New reader key for this gate on the Devices tab (or
          register the gate) and scan the pairing QR code with this device, or open /reader#key=&lt;device key&gt; here.
        </p>
      </div>
    </Box>
  );
}
