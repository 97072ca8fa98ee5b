import { useTranslation } from 'react-i18next';
import { textLinkClass } from '../../../components/ui/TextLink';
import { useSignInMethods } from '../api/sign-in-methods';

/**
 * After signing out behind a forward-auth proxy (issue 16.6): the proxy's own session goes on, and the next visit to
 * the sign-in page would sign the user straight back in. The page says so, and links to the proxy's sign-out when
 * HUSH_AUTH_HEADER_SIGNOUT_URL names it.
 */
export function ProxySignoutNotice() {
  const { t } = useTranslation('account');
  const header = useSignInMethods()?.header;
  if (!header) return null;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      {t('headerSignin.stillAtProxy', { username: header.username })}{' '}
      {header.signoutUrl && (
        <a className={textLinkClass} href={header.signoutUrl}>
          {t('headerSignin.proxySignout')}
        </a>
      )}
    </p>
  );
}
