import { useSyncExternalStore } from 'react';

/** How long a confirmation stays where docs/SPEC.md §9 names no timing. */
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

/** A short message in the corner saying what just happened (saved, deleted, failed). */
export function toast(message: string, tone: ToastTone, autoCloseMs = DEFAULT_TOAST_MS) {
  if (!toastsAsked) {
    toastsAsked = true;
    for (const listener of listeners) listener();
  }
  void import('./toast-show').then(({ showToast }) => showToast(message, tone, autoCloseMs));
}
