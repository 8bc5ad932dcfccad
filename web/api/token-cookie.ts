import { TOKEN_COOKIE_DAYS, TOKEN_COOKIE_NAME } from '@core/constants';
import Cookies from 'js-cookie';

export function readToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE_NAME);
}

export function storeToken(token: string) {
  Cookies.set(TOKEN_COOKIE_NAME, token, {
    expires: TOKEN_COOKIE_DAYS,
    sameSite: 'strict',
    secure: window.location.protocol === 'https:',
    path: '/',
  });
}

export function removeToken() {
  Cookies.remove(TOKEN_COOKIE_NAME, { path: '/' });
}
