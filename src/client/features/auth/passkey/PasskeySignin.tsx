import { useTranslation } from 'react-i18next';
import { useSignInMethods } from '../api/sign-in-methods';
import { PasskeyButton } from './PasskeyButton';

/** "Sign in with a passkey" on the sign-in page, where the instance offers it (GET /authentication/methods). */
export function PasskeySignin() {
  const { t } = useTranslation('account');
  const methods = useSignInMethods();
  if (!methods?.passkeys) return null;
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-3 text-xs text-slate-500 uppercase before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400 dark:before:bg-slate-700 dark:after:bg-slate-700">
        {t('passkeys.or')}
      </p>
      <PasskeyButton>{t('passkeys.signin')}</PasskeyButton>
    </div>
  );
}

/** "Use a passkey" on the second step of a password sign-in, for a user who has one. */
export function PasskeySecondFactor() {
  const { t } = useTranslation('account');
  return <PasskeyButton>{t('passkeys.secondFactor')}</PasskeyButton>;
}
