import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { declineCall, fetchCall, fetchRingingCalls, type IntercomCallDto } from '../../api/intercom';
import { pause } from './call-channel';
import { rememberIcePolicyFromAddress } from './ice-policy';
import { RingingPanel } from './ringing-panel';
import classes from './ringing-panel.module.css';

const ANSWERED_ELSEWHERE_SHOWN_MS = 5000;
/** How often an open app asks whether a gate is calling (decision 0093: no resident stream). */
const RING_POLL_MS = 500;

type Ringing = { call: IntercomCallDto; answeredElsewhere: boolean };

/**
 * On every page of the signed-in app: a call from a gate to this person rings here (the ringing
 * panel), stops when it is answered on another device (saying so), declined, missed or ended.
 */
export function IncomingCalls() {
  const [ringing, setRinging] = useState<Ringing | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    rememberIcePolicyFromAddress();
    const stop = new AbortController();
    let hide: ReturnType<typeof setTimeout> | undefined;
    const shown: { call: IntercomCallDto | null } = { call: null };
    const show = (next: Ringing | null) => {
      shown.call = next && !next.answeredElsewhere ? next.call : null;
      setRinging(next);
    };
    void (async () => {
      while (!stop.signal.aborted) {
        const ringingNow = await fetchRingingCalls().catch(() => null);
        if (ringingNow && !stop.signal.aborted) {
          const first = ringingNow.calls[0];
          if (first) {
            if (shown.call?._id !== first._id || shown.call.hasPhoto !== first.hasPhoto)
              show({ call: first, answeredElsewhere: false });
          } else if (shown.call) {
            // It stopped ringing: answered on another device (say so a while), or over.
            const gone = await fetchCall(shown.call._id).catch(() => null);
            if (gone?.status === 'answered' && gone.answeredHere !== true) {
              show({ call: gone, answeredElsewhere: true });
              clearTimeout(hide);
              hide = setTimeout(() => setRinging(null), ANSWERED_ELSEWHERE_SHOWN_MS);
            } else show(null);
          }
        }
        await pause(RING_POLL_MS, stop.signal);
      }
    })();
    return () => {
      stop.abort();
      clearTimeout(hide);
    };
  }, []);

  // The call screen of this very call shows it itself.
  if (!ringing || pathname === `/calls/${ringing.call._id}`) return null;
  const { call } = ringing;
  if (ringing.answeredElsewhere) {
    return (
      <section className={classes.panel} aria-label={`${call.gate.name} call`}>
        <Alert color="blue" role="status" title="Answered on another device">
          {`The call from ${call.gate.name} was answered on another device.`}
        </Alert>
      </section>
    );
  }
  return (
    <RingingPanel
      key={call._id}
      callId={call._id}
      hasPhoto={call.hasPhoto}
      gateName={call.gate.name}
      onAnswer={() => {
        setRinging(null);
        navigate(`/calls/${call._id}`, { state: { answer: true } });
      }}
      onDecline={() => {
        setRinging(null);
        void declineCall(call._id);
      }}
    />
  );
}
