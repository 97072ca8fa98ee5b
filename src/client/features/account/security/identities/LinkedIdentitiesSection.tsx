import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../../components/ui/Alert';
import { Button } from '../../../../components/ui/Button';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { LoadFailed } from '../../../../components/ui/LoadFailed';
import { Spinner } from '../../../../components/ui/Spinner';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/error-message';
import { formatDate } from '../../../../lib/format-date';
import { ProviderLink, useSignInMethods } from '../../../auth';
import { listIdentities, unlinkIdentity, type LinkedIdentity } from '../../api/identities';
import { MetaLine } from '../../MetaLine';
import { useAccountResource } from '../../use-account-resource';

const HERE = '/account/security';

/**
 * The single sign-on providers linked to the account (issue 16.1): each unlinks (never the only way in: the
 * server refuses), and each configured provider not linked yet links by signing in to it from here.
 */
export function LinkedIdentitiesSection() {
  const { t, i18n } = useTranslation('account');
  const locale = i18n.resolvedLanguage ?? 'en';
  const methods = useSignInMethods();
  const { state, retry, update } = useAccountResource(listIdentities);
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const [params] = useSearchParams();
  const refused = params.get('error');

  const linked = new Set(state.status === 'ready' ? state.data.map((identity) => identity.providerId) : []);
  const linkable = (methods?.providers ?? []).filter((provider) => !linked.has(provider.id));

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('identities.lead')}</p>
      {refused && /^oidc\.[a-z_]+$/.test(refused) && (
        <Alert tone="error">{errorMessage(t, new ApiError(400, refused, refused))}</Alert>
      )}
      {state.status === 'loading' && <Spinner label={t('identities.loading')} />}
      {state.status === 'error' && (
        <LoadFailed title={t('identities.loadFailed')} retryLabel={t('layout.retry')} onRetry={retry}>
          {errorMessage(t, state.error)}
        </LoadFailed>
      )}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {methods && methods.providers.length === 0 ? t('identities.none') : t('identities.empty')}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('identities.listLabel')}>
            {state.data.map((identity) => (
              <li
                key={identity.id}
                className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <p dir="auto" className="font-semibold [overflow-wrap:anywhere]">
                    {identity.provider}
                  </p>
                  <MetaLine>
                    {[
                      ...(identity.email ? [<span key="email">{identity.email}</span>] : []),
                      <span key="linked">
                        {t('identities.linked', { date: formatDate(identity.createdAt, locale) })}
                      </span>,
                    ]}
                  </MetaLine>
                </div>
                <Button
                  variant="dangerOutline"
                  onClick={() => setUnlinking(identity)}
                  aria-label={t('identities.unlinkLabel', { name: identity.provider })}
                >
                  {t('identities.unlink')}
                </Button>
              </li>
            ))}
          </ul>
        ))}
      {linkable.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {linkable.map((provider) => (
            <li key={provider.id}>
              <ProviderLink provider={provider} next={HERE} link sentence="identities.link" />
            </li>
          ))}
        </ul>
      )}
      {unlinking && (
        <ConfirmDialog
          title={t('identities.unlinkTitle')}
          confirmLabel={t('identities.unlinkConfirm')}
          cancelLabel={t('identities.cancel')}
          onConfirm={async () => {
            await unlinkIdentity(unlinking.id);
            update((identities) => identities.filter((item) => item.id !== unlinking.id));
            setUnlinking(null);
          }}
          onCancel={() => setUnlinking(null)}
          errorText={(error) => errorMessage(t, error)}
        >
          <p>{t('identities.unlinkBody', { name: unlinking.provider })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
