/** How someone asked a gate to open: from the app, a visitor's QR code, a keypad PIN or a card. */
export const GATE_CREDENTIALS = ['remote', 'qr', 'pin', 'card'] as const;
export type GateCredential = (typeof GATE_CREDENTIALS)[number];
