import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { SignInMethods as SignInMethodsSchema } from '../../../../shared/api/auth.contract';
import { api } from '../../../lib/api-client';

export type SignInMethods = z.output<typeof SignInMethodsSchema>;

/** What the sign-in page offers on this instance (GET /authentication/methods). */
export const getSignInMethods = (signal?: AbortSignal) =>
  api<SignInMethods>('/authentication/methods', { method: 'GET', signal });

/**
 * While the answer is out (or when it never comes), the page offers what every instance had: the password form. The
 * forgot-password page offers its form too: the server answers auth.email_unavailable when it cannot send a link.
 */
export const PASSWORD_ONLY: SignInMethods = {
  password: true,
  signup: true,
  providers: [],
  passwordReset: true,
  passkeys: false,
  header: null,
};

/** One call shared by the parts of a page that ask at once (the buttons, the form, the links); none kept after. */
let pending: Promise<SignInMethods> | null = null;
function sharedMethods(): Promise<SignInMethods> {
  pending ??= getSignInMethods()
    .catch(() => PASSWORD_ONLY)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The sign-in methods, loaded once per page; null until they are known. */
export function useSignInMethods(): SignInMethods | null {
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  useEffect(() => {
    let current = true;
    void sharedMethods().then((answer) => current && setMethods(answer));
    return () => {
      current = false;
    };
  }, []);
  return methods;
}
