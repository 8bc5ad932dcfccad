import { UnstyledButton } from '@mantine/core';
import { useEffect } from 'react';
import { rememberIcePolicyFromAddress } from '../../widgets/intercom/ice-policy';
import classes from './intercom.module.css';
import { ReaderCallPanel } from './reader-call-panel';
import { ResidentDirectory } from './resident-directory';
import { useReaderCall } from './use-reader-call';

/**
 * The intercom at the gate: "Call a resident" beside the scanner (or "Gate locked down", which
 * calls nobody), the directory over the reader while a name is typed, then the call.
 */
export function ReaderIntercom({ deviceKey, lockedDown }: { deviceKey: string; lockedDown: boolean }) {
  const reader = useReaderCall(deviceKey);
  useEffect(() => {
    rememberIcePolicyFromAddress();
  }, []);
  const { call } = reader;
  return (
    <>
      <UnstyledButton className={classes.callButton} onClick={reader.choose} disabled={lockedDown}>
        {lockedDown ? 'Gate locked down' : 'Call a resident'}
      </UnstyledButton>
      {call.kind === 'choosing' && (
        <ResidentDirectory deviceKey={deviceKey} onChoose={reader.dial} onCancel={reader.cancel} />
      )}
      {call.kind !== 'idle' && call.kind !== 'choosing' && (
        <ReaderCallPanel
          call={call}
          camera={reader.camera}
          residentVoice={reader.residentVoice}
          onHangUp={reader.hangUp}
          onCallSomeoneElse={reader.choose}
          onDone={reader.done}
        />
      )}
    </>
  );
}
