import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { useSignInMethods } from '../api/sign-in-methods';
import { ProviderButtons } from './ProviderButtons';

/**
 * The sign-up form under the providers' buttons (a first sign-in through a provider makes the account); in SSO-only
 * mode the buttons alone, with a line saying that accounts come from them.
 */
export function SignupProviders({ next, children }: { next: string; children: ReactNode }) {
  const { t } = useTranslation('account');
  const methods = useSignInMethods();
  const ssoOnly = methods !== null && !methods.password;
  return (
    <div className="space-y-5">
      {ssoOnly && <Alert tone="info">{t('oidc.ssoOnlySignup')}</Alert>}
      <ProviderButtons next={next} />
      {!ssoOnly && children}
    </div>
  );
}
