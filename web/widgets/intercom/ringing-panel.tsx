import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { startRingTone } from './ring-tone';
import classes from './ringing-panel.module.css';
import { useCallPhoto } from './use-call-photo';

/** "<gate name> is calling", with the caller's still, Answer and Decline; rings while shown. */
export function RingingPanel({
  callId,
  hasPhoto,
  gateName,
  onAnswer,
  onDecline,
}: {
  callId: string;
  hasPhoto?: boolean;
  gateName: string;
  onAnswer: () => void;
  onDecline: () => void;
}) {
  const photo = useCallPhoto(callId, hasPhoto);
  useEffect(() => startRingTone(), []);
  const title = `${gateName} is calling`;
  return (
    <section className={classes.panel} role="alertdialog" aria-label={title} aria-live="assertive">
      <h2 className={classes.title}>{title}</h2>
      {photo ? (
        <img className={classes.photo} src={photo} alt={`The caller at ${gateName}`} />
      ) : (
        <div className={classes.photo} role="img" aria-label="No photo of the caller" />
      )}
      <div className={classes.buttons}>
        <Button size="lg" color="green" onClick={onAnswer}>
          Answer
        </Button>
        <Button size="lg" color="red" onClick={onDecline}>
          Decline
        </Button>
      </div>
    </section>
  );
}
