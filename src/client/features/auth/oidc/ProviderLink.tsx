import { Trans, useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/Button';
import { API_BASE } from '../../../lib/api-client';

/** Where a provider's button goes: the server's start of the flow, which redirects to the provider. */
export const providerStart = (id: string, next: string, { link = false } = {}) =>
  `${API_BASE}/authentication/oidc/${encodeURIComponent(id)}/start?next=${encodeURIComponent(next)}` +
  (link ? '&link=true' : '');

/**
 * A button to an OpenID provider: a plain link, since the flow leaves the page. `sentence` is an account text with
 * the provider's name in it ("Continue with {{name}}", "Link {{name}}"). The operator may name a provider in any
 * script: the name is isolated (`<bdi>`) so that a right-to-left one does not reorder the words around it.
 */
export function ProviderLink({
  provider,
  next,
  link = false,
  sentence,
  className,
}: {
  provider: { id: string; name: string };
  next: string;
  /** Links the provider to the signed-in account instead of signing in. */
  link?: boolean;
  sentence: 'oidc.continueWith' | 'identities.link';
  className?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <a href={providerStart(provider.id, next, { link })} className={buttonClass({ variant: 'secondary', className })}>
      {/* One flex item, so the sentence wraps as one and stays centred. */}
      <span className="[overflow-wrap:anywhere]">
        <Trans t={t} i18nKey={sentence} values={{ name: provider.name }} components={{ name: <bdi /> }} />
      </span>
    </a>
  );
}
