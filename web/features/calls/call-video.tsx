import { useEffect, useRef } from 'react';
import classes from './calls.module.css';

/** The caller's live picture and voice; an element of its own so a new stream never remounts the page. */
export function CallVideo({ stream, gateName }: { stream: MediaStream | null; gateName: string }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current && video.current.srcObject !== stream) video.current.srcObject = stream;
  }, [stream]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: a live call from the gate has no captions to give.
    <video
      ref={video}
      className={classes.video}
      autoPlay
      playsInline
      aria-label={`Live video from ${gateName}`}
      data-testid="caller-video"
    />
  );
}
