import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignInMethods } from '../api/sign-in-methods';

/**
 * The password form, as the instance offers it: openly, or (HUSH_SSO_ONLY) folded away under "Administrator
 * sign-in", for the break-glass admin when the provider cannot be used.
 */
export function PasswordSigninGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('account');
  const methods = useSignInMethods();
  if (!methods || methods.password) return <>{children}</>;
  return (
    <details className="group rounded-lg border border-slate-200 px-4 py-3 dark:border-slate-700">
      <summary className="cursor-pointer text-sm font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-slate-200">
        {t('oidc.adminSignin')}
      </summary>
      <div className="mt-4 space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('oidc.adminSigninHint')}</p>
        {children}
      </div>
    </details>
  );
}
