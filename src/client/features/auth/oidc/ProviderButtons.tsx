import { useTranslation } from 'react-i18next';
import { cx } from '../../../components/ui/cx';
import { API_BASE } from '../../../lib/api-client';
import { useSignInMethods } from '../api/sign-in-methods';

/** Where a provider's button goes: the server's start of the flow, which redirects to the provider. */
export const providerStart = (id: string, next: string) =>
  `${API_BASE}/authentication/oidc/${encodeURIComponent(id)}/start?next=${encodeURIComponent(next)}`;

/**
 * The OpenID providers' buttons (issue 16.1): plain links, since signing in through a provider leaves the page. A
 * line saying "or" parts them from the password form when there is one below.
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
            <a
              href={providerStart(provider.id, next)}
              className={cx(
                'flex min-h-10 w-full items-center justify-center rounded-lg border px-4 py-2 text-sm font-semibold',
                'border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
                'dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
              )}
            >
              {t('oidc.continueWith', { name: provider.name })}
            </a>
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
