import { useEffect, useRef, useState } from 'react';
import { scanWithCamera } from './camera-scanner';
import classes from './reader.module.css';

/** The back camera, scanning for as long as it is on screen. */
export function CameraView({ onFrame, cards }: { onFrame: (codes: string[]) => void; cards: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onFrame);
  latest.current = onFrame;
  const [unavailable, setUnavailable] = useState(false);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    scanWithCamera(video.current!, (codes) => latest.current(codes)).then(
      (stopScanning) => {
        if (left) stopScanning();
        else stop = stopScanning;
      },
      () => setUnavailable(true),
    );
    return () => {
      left = true;
      stop?.();
    };
  }, []);

  return (
    <section className={classes.camera} aria-label="Camera">
      <video ref={video} className={classes.video} muted playsInline />
      <p className={classes.cameraHint}>
        {unavailable
          ? cards
            ? 'Camera unavailable: use the scanner, the keypad or your card'
            : 'Camera unavailable: use the scanner or keypad'
          : cards
            ? 'Show your QR code to the camera, or hold your card to the reader'
            : 'Show your QR code to the camera'}
      </p>
    </section>
  );
}
