import { create } from 'zustand';
import { readLoginState, type LoginState } from './login-cookie';

/**
 * Spec §3 client login state: isLoggedIn and username, read from the public cookie. `refresh` re-reads it (after
 * sign-in, sign-out, a session refresh, and on the 60-second session check, whose clock it takes).
 */
export const useSessionStore = create<LoginState & { refresh(now?: number): void }>()((set) => ({
  ...readLoginState(),
  refresh: (now = Date.now()) => set(readLoginState(document.cookie, now)),
}));
