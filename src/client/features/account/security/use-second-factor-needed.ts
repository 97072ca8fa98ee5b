import { useEffect, useState } from 'react';
import { getTwoFactor } from '../api/two-factor';
import { listPasskeys } from '../api/passkeys';
import { listSessions } from '../api/sessions';

/**
 * Whether a rule requiring a second factor would hold this browser's session (server: two-factor/requirement.ts): it
 * signed in with a password, and the account has neither two-factor codes nor a passkey. Null while unknown, or when
 * it could not be told (nothing is said then).
 */
export function useSecondFactorNeeded(): boolean | null {
  const [needed, setNeeded] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([getTwoFactor(signal), listPasskeys(signal), listSessions(signal)]).then(
      ([twoFactor, passkeys, sessions]) => {
        const passwordSession = sessions.some((session) => session.current && session.method === 'password');
        setNeeded(passwordSession && !twoFactor.totp && passkeys.length === 0);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return needed;
}
