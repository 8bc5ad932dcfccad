/** The "Install the app" hint's words (their own file: the shell, on every route's first load, carries them). */
export const INSTALL_MESSAGES = {
  installTitle: 'Install the app',
  installIos: 'Tap Share, then “Add to Home Screen” to open Gatehouse like an app and get notifications.',
  installOther:
    'Open your browser menu and choose “Install app” or “Add to Home screen” to open Gatehouse like an app.',
  installButton: 'Install',
  notNow: 'Not now',
  dismiss: 'Don’t show again',
} as const;
