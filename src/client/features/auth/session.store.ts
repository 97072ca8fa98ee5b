import { create } from 'zustand';
import { readLoginState, type LoginState } from './login-cookie';

/** Spec §3 client login state: isLoggedIn and username, read from the public cookie. */
export const useSessionStore = create<LoginState & { refresh(): void }>()((set) => ({
  ...readLoginState(),
  refresh: () => set(readLoginState()),
}));
