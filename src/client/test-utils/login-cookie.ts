import { LOGIN_COOKIE } from '../features/auth/login-cookie';

/** Sets the readable login cookie as the server would (base64 JSON {username, expirationDate}). */
export function setLoginCookie(username: string, expirationDate: string) {
  document.cookie = `${LOGIN_COOKIE}=${btoa(JSON.stringify({ username, expirationDate }))}; path=/`;
}

export function clearCookies() {
  document.cookie = `${LOGIN_COOKIE}=; Max-Age=0; path=/`;
}
