/** What a first load may download, JS + CSS after gzip, in bytes (kB = 1000 bytes, as Vite prints). */
export const LOGIN_PAGE = 'features/login/login-page.tsx';
export const LOGIN_BUDGET_BYTES = 150_000;
export const ROUTE_BUDGET_BYTES = 250_000;

export const budgetOf = (page: string) => (page === LOGIN_PAGE ? LOGIN_BUDGET_BYTES : ROUTE_BUDGET_BYTES);
