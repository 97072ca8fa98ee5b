import { Trans, useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/Button';
import { API_BASE } from '../../../lib/api-client';
import { useSignInMethods } from '../api/sign-in-methods';

/** Where a provider's button goes: the server's start of the flow, which redirects to the provider. */
export const providerStart = (id: string, next: string) =>
  `${API_BASE}/authentication/oidc/${encodeURIComponent(id)}/start?next=${encodeURIComponent(next)}`;

/**
 * The OpenID providers' buttons (issue 16.1): plain links, since signing in through a provider leaves the page. A
 * line saying "or" parts them from the password form when there is one below. The operator may name a provider in
 * any script: the name is isolated (`<bdi>`) so that a right-to-left one does not reorder the words around it.
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
              className={buttonClass({ variant: 'secondary', className: 'w-full' })}
            >
              {/* One flex item, so the sentence wraps as one and stays centred. */}
              <span className="[overflow-wrap:anywhere]">
                <Trans
                  t={t}
                  i18nKey="oidc.continueWith"
                  values={{ name: provider.name }}
                  components={{ name: <bdi /> }}
                />
              </span>
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
