import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import type { ToastTone } from './toast';

const TONES = {
  success: { color: 'green', path: 'M5 12l5 5L20 7' },
  error: { color: 'red', path: 'M6 6l12 12M18 6L6 18' },
} as const;

/** Shows one toast: green with a check for a success, red with a cross for a failure. */
export function showToast(message: string, tone: ToastTone, autoCloseMs: number) {
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
  notifications.show({
    message,
    color,
    icon,
    autoClose: autoCloseMs,
    closeButtonProps: { 'aria-label': 'Close message' },
    'data-tone': tone,
  });
}
