import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';

/** The codes a sign-in through a provider comes back with (/signin?error=<code>); anything else is not shown. */
const CALLBACK_CODE = /^(oidc|auth)\.[a-z_]+$/;

/** Why a sign-in through a provider failed, from the callback's redirect, in the page's language. */
export function SigninError() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code || !CALLBACK_CODE.test(code)) return null;
  return (
    <Alert tone="error" title={t('oidc.failedTitle')}>
      {errorMessage(t, new ApiError(400, code, code))}
    </Alert>
  );
}
