/** Spec §3: the readable "public" login cookie, base64 JSON of {username, expirationDate}. */
export const LOGIN_COOKIE = 'hush_login';

export interface LoginState {
  isLoggedIn: boolean;
  username: string | null;
  expiresAt: Date | null;
}

const SIGNED_OUT: LoginState = { isLoggedIn: false, username: null, expiresAt: null };

export function readLoginState(cookie: string = document.cookie, now = Date.now()): LoginState {
  const raw = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LOGIN_COOKIE}=`))
    ?.slice(LOGIN_COOKIE.length + 1);
  if (!raw) return SIGNED_OUT;
  try {
    const value = JSON.parse(atob(decodeURIComponent(raw))) as { username?: unknown; expirationDate?: unknown };
    const expiresAt = new Date(String(value.expirationDate));
    if (typeof value.username !== 'string' || Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now) {
      return SIGNED_OUT;
    }
    return { isLoggedIn: true, username: value.username, expiresAt };
  } catch {
    return SIGNED_OUT;
  }
}

/**
 * Forgets the readable cookie in this browser. The server clears both cookies on sign-out; this covers a sign-out
 * call that did not get through, so the page stops showing a signed-in state either way.
 */
export function clearLoginCookie(): void {
  document.cookie = `${LOGIN_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict`;
}
