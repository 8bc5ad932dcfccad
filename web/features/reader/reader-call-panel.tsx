import { UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import classes from './intercom.module.css';

export type CallOutcome = 'no-answer' | 'declined' | 'ended' | 'lost' | 'failed';

/** The reader's side of one call, as the person at the gate sees it. */
export type ReaderCall =
  | { kind: 'idle' }
  | { kind: 'choosing' }
  | { kind: 'calling'; name: string }
  | { kind: 'talking'; name: string; opened: boolean }
  /** `words`: the server's sentence for how it ended, when it gave one. */
  | { kind: 'over'; name: string; outcome: CallOutcome; message?: string; words?: string };

function overWords(call: Extract<ReaderCall, { kind: 'over' }>): { words: string; sub?: string } {
  const again = 'You can call someone else.';
  if (call.words)
    return { words: call.words, sub: call.outcome === 'no-answer' || call.outcome === 'declined' ? again : undefined };
  switch (call.outcome) {
    case 'no-answer':
      return { words: 'No answer', sub: again };
    case 'declined':
      return { words: `${call.name} can't come to the gate right now.`, sub: again };
    case 'lost':
      return { words: 'The call was lost', sub: `The connection to ${call.name} dropped.` };
    case 'failed':
      return { words: 'The call could not be made', sub: call.message };
    default:
      return { words: 'Call ended' };
  }
}

/** A media element playing `stream` (set as its source whenever the stream changes). */
function useStreamSource<Element extends HTMLMediaElement>(stream: MediaStream | null) {
  const element = useRef<Element>(null);
  useEffect(() => {
    if (element.current && element.current.srcObject !== stream) element.current.srcObject = stream;
  }, [stream]);
  return element;
}

function ResidentVoice({ stream }: { stream: MediaStream | null }) {
  const audio = useStreamSource<HTMLAudioElement>(stream);
  // biome-ignore lint/a11y/useMediaCaption: a live voice from the resident has no captions to give.
  return <audio ref={audio} autoPlay data-testid="resident-voice" />;
}

/** The visitor sees themselves, as the resident will. */
function SelfView({ stream }: { stream: MediaStream | null }) {
  const video = useStreamSource<HTMLVideoElement>(stream);
  return <video ref={video} className={classes.selfView} autoPlay muted playsInline aria-label="Your camera" />;
}

/** Calling, talking, and how the call ended: large words and one action at a time. */
export function ReaderCallPanel({
  call,
  camera,
  residentVoice,
  onHangUp,
  onCallSomeoneElse,
  onDone,
}: {
  call: Exclude<ReaderCall, { kind: 'idle' | 'choosing' }>;
  camera: MediaStream | null;
  residentVoice: MediaStream | null;
  onHangUp: () => void;
  onCallSomeoneElse: () => void;
  onDone: () => void;
}) {
  const opened = call.kind === 'talking' && call.opened;
  const over = call.kind === 'over' ? overWords(call) : null;
  return (
    <section className={opened ? `${classes.panel} ${classes.opened}` : classes.panel} aria-label="Intercom call">
      <div className={classes.callState} role="status">
        {call.kind === 'calling' && <p className={classes.callWords}>{`Calling ${call.name}…`}</p>}
        {call.kind === 'talking' && (
          <>
            <p className={classes.callWords}>{opened ? 'Gate opened' : `Talking to ${call.name}`}</p>
            <p className={classes.callSub}>{opened ? 'Please come in.' : 'Speak toward the screen.'}</p>
          </>
        )}
        {over && (
          <>
            <p className={classes.callWords}>{over.words}</p>
            {over.sub && <p className={classes.callSub}>{over.sub}</p>}
          </>
        )}
      </div>
      {call.kind !== 'over' && <SelfView stream={camera} />}
      <ResidentVoice stream={residentVoice} />
      <div className={classes.actions}>
        {call.kind === 'over' ? (
          <>
            {(call.outcome === 'no-answer' || call.outcome === 'declined') && (
              <UnstyledButton className={classes.primary} onClick={onCallSomeoneElse}>
                Call someone else
              </UnstyledButton>
            )}
            <UnstyledButton className={classes.secondary} onClick={onDone}>
              Done
            </UnstyledButton>
          </>
        ) : (
          <UnstyledButton className={classes.hangUp} onClick={onHangUp}>
            Hang up
          </UnstyledButton>
        )}
      </div>
    </section>
  );
}
