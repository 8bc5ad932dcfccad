/**
 * How someone asked a gate to open: from the app, a visitor's QR code, a keypad PIN, a card or an
 * intercom call (the resident who answered); or
 * who held it open or released it: its hold-open schedule, or a manager's hold.
 */
export const GATE_CREDENTIALS = ['remote', 'qr', 'pin', 'card', 'schedule', 'hold', 'intercom'] as const;
export type GateCredential = (typeof GATE_CREDENTIALS)[number];
