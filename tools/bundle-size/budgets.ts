/** What a first load may download, JS + CSS after gzip, in bytes (kB = 1000 bytes, as Vite prints). */
export const LOGIN_PAGE = 'features/login/login-page.tsx';
export const LOGIN_BUDGET_BYTES = 150_000;
export const ROUTE_BUDGET_BYTES = 250_000;
/** The installed app's start screen (`start_url` in vite.config.ts) opens as fast as the login page. */
export const START_PAGE = 'features/access-gates/access-gates-page.tsx';
/** The gate reader: a tablet on a gate's network loads it at every restart. */
export const READER_PAGE = 'features/reader/reader-page.tsx';
export const READER_BUDGET_BYTES = 150_000;
/**
 * The QR decoder a reader without a native BarcodeDetector fetches after its first paint
 * (zxing-wasm's reader build and the barcode-detector ponyfill), gzip.
 */
export const READER_DECODER_BUDGET_BYTES = 500_000;

const PAGE_BUDGETS: Record<string, number> = {
  [LOGIN_PAGE]: LOGIN_BUDGET_BYTES,
  [START_PAGE]: LOGIN_BUDGET_BYTES,
  [READER_PAGE]: READER_BUDGET_BYTES,
};

export const budgetOf = (page: string) => PAGE_BUDGETS[page] ?? ROUTE_BUDGET_BYTES;
