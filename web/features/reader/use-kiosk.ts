import { useEffect } from 'react';
import { unlockAudio } from './tones';

/**
 * The reader's installable manifest, linked only while the reader is on screen, in place of the
 * app's (a browser installs from the first manifest link, and the reader is a kiosk of its own).
 */
function linkManifest() {
  const appManifests = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')];
  for (const appManifest of appManifests) appManifest.remove();
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/reader.webmanifest';
  document.head.append(link);
  return () => {
    link.remove();
    document.head.append(...appManifests);
  };
}

/**
 * Kiosk habits: the screen stays awake (asked again whenever the page is shown, as browsers release
 * the lock when it is hidden), and the first tap goes full screen and lets sounds play.
 */
export function useKiosk() {
  useEffect(() => {
    const unlinkManifest = linkManifest();
    let lock: WakeLockSentinel | null = null;
    const keepAwake = () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          lock = sentinel;
        },
        () => {},
      );
    };
    const firstTap = () => {
      unlockAudio();
      if (!document.fullscreenElement) document.documentElement.requestFullscreen?.().catch(() => {});
    };
    keepAwake();
    document.addEventListener('visibilitychange', keepAwake);
    window.addEventListener('pointerdown', firstTap, { once: true });
    return () => {
      unlinkManifest();
      void lock?.release();
      document.removeEventListener('visibilitychange', keepAwake);
      window.removeEventListener('pointerdown', firstTap);
    };
  }, []);
}
