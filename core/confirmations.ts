// What a toast says after a change succeeded: what happened, in words. Messages docs/SPEC.md names
// (devices, QR codes) keep their own texts.
export const CONFIRMATIONS = {
  saved: (name: string) => `Saved the changes to ${name}.`,
  deleted: (name: string) => `${name} was deleted.`,
  pinRefreshedFor: (name: string) => `${name} has a new secure PIN.`,
  ownPinRefreshed: 'Your secure PIN was refreshed. Use the new one at the keypad.',
  phoneSaved: 'Your phone number was saved. You can now turn on SMS notifications.',
} as const;

export const EXPIRE_QR_CONFIRM = {
  title: 'Expire QR Code',
  text: 'The gate stops accepting this QR code now, and it moves to Expired.',
  action: 'Expire',
} as const;
