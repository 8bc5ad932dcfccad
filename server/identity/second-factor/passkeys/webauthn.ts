/**
 * The WebAuthn library, loaded at the first passkey call instead of at start: it is the most
 * expensive package the server loads (about 0.3 s here), and most starts never need it.
 * bench/cold-start.bench.ts.
 */
export const webauthn = () => import('@simplewebauthn/server');
