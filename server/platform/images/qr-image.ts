// The drawing library is loaded when the first image is drawn, not at every start.
const qrCodeLibrary = () => import('qrcode').then((library) => library.default);

/** A gate token as a PNG data URL, large enough to scan from a phone screen at full brightness. */
export const qrImageOf = async (token: string) =>
  (await qrCodeLibrary()).toDataURL(token, { width: 480, margin: 2, errorCorrectionLevel: 'M' });

/** A gate token as PNG bytes for an email, inline and attached. */
export const qrPngOf = async (token: string) =>
  (await qrCodeLibrary()).toBuffer(token, { type: 'png', width: 360, margin: 2, errorCorrectionLevel: 'M' });

/** An authenticator app's otpauth:// address as a small PNG data URL for the setup screen. */
export const otpauthImageOf = async (uri: string) => (await qrCodeLibrary()).toDataURL(uri, { margin: 1, width: 220 });
