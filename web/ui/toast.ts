import { createElement, useSyncExternalStore } from 'react';

/** How long a confirmation stays where SPEC §9 names no timing. */
const DEFAULT_TOAST_MS = 4000;

// Toasts are fetched with their first use: most visits never show one, and the toast code is 8 kB
// (gzip) of every first download otherwise. `<ToastHost />` mounts the container once one is asked for.
let toastsAsked = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useToastsAsked = () => useSyncExternalStore(subscribe, () => toastsAsked);

/** What a toast reports: a success (green, a check) or a failure (red, a cross). */
export type ToastTone = 'success' | 'error';

const TONES = {
  success: { color: 'green', path: 'M5 12l5 5L20 7' },
  error: { color: 'red', path: 'M6 6l12 12M18 6L6 18' },
} as const;

/** A short message in the corner saying what just happened (saved, deleted, failed). */
export function toast(message: string, tone: ToastTone, autoCloseMs = DEFAULT_TOAST_MS) {
  if (!toastsAsked) {
    toastsAsked = true;
    for (const listener of listeners) listener();
  }
  const { color, path } = TONES[tone];
  const icon = createElement(
    'svg',
    {
      width: 16,
      height: 16,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 3,
      'aria-hidden': true,
    },
    createElement('path', { d: path, strokeLinecap: 'round', strokeLinejoin: 'round' }),
  );
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      message,
      color,
      icon,
      autoClose: autoCloseMs,
      closeButtonProps: { 'aria-label': 'Close message' },
      'data-tone': tone,
    }),
  );
}
