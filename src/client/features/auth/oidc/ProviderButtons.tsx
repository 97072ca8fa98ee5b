import { useTranslation } from 'react-i18next';
import { useSignInMethods } from '../api/sign-in-methods';
import { ProviderLink } from './ProviderLink';

/**
 * The OpenID providers' buttons (issue 16.1). A line saying "or" parts them from the password form when there is one
 * below.
 */
export function ProviderButtons({ next, divider = true }: { next: string; divider?: boolean }) {
  const { t } = useTranslation('account');
  const methods = useSignInMethods();
  if (!methods || methods.providers.length === 0) return null;
  return (
    <div className="space-y-4">
      <ul className="space-y-2" aria-label={t('oidc.providersLabel')}>
        {methods.providers.map((provider) => (
          <li key={provider.id}>
            <ProviderLink provider={provider} next={next} sentence="oidc.continueWith" className="w-full" />
          </li>
        ))}
      </ul>
      {divider && methods.password && (
        <p className="flex items-center gap-3 text-xs text-slate-600 uppercase dark:text-slate-400">
          <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          {t('oidc.or')}
          <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        </p>
      )}
    </div>
  );
}
