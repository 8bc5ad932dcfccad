import QRCode from 'qrcode';

/** A gate token as a PNG data URL, large enough to scan from a phone screen at full brightness. */
export const qrImageOf = (token: string) =>
  QRCode.toDataURL(token, { width: 480, margin: 2, errorCorrectionLevel: 'M' });
