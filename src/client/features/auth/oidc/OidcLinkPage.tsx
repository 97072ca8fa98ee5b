import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { TextLink } from '../../../components/ui/TextLink';
import { ApiError } from '../../../lib/api-client';
import { fieldErrors } from '../../../lib/field-errors';
import { confirmOidcLink, getOidcLink, type OidcLink } from '../api/oidc-link';
import { failureOutcome } from '../forms/outcome';
import { useCredentialsForm } from '../forms/use-credentials-form';
import { AuthShell } from '../pages/AuthShell';
import { safeNext } from '../safe-next';
import { useSessionStore } from '../session.store';

type Field = 'password';
const validate = (values: Record<Field, string>) =>
  fieldErrors({ password: values.password === '' ? 'validation.passwordRequired' : undefined });

/**
 * /signin/link: a provider signed someone in whose verified email is an account's here. The account's password
 * confirms that the identity is theirs; from then on the provider signs them into it.
 */
export default function OidcLinkPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [link, setLink] = useState<OidcLink | 'gone' | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getOidcLink(controller.signal).then(setLink, () => !controller.signal.aborted && setLink('gone'));
    return () => controller.abort();
  }, []);

  const form = useCredentialsForm<Field>({ password: '' }, validate, async (values) => {
    try {
      const linked = await confirmOidcLink(values.password);
      useSessionStore.getState().refresh();
      void navigate(safeNext(linked.next), { replace: true });
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401)
        return { message: t('oidc.link.wrongPassword'), field: 'password' };
      if (error instanceof ApiError && error.code === 'oidc.link_invalid') setLink('gone');
      return failureOutcome(t, error, ['password']);
    }
  });

  return (
    <AuthShell title={t('oidc.link.title')}>
      {link === null && (
        <div className="flex justify-center py-4 text-slate-600 dark:text-slate-400">
          <Spinner label={t('oidc.link.loading')} />
        </div>
      )}
      {link === 'gone' && (
        <div className="space-y-4">
          <Alert tone="error">{t('oidc.link.gone')}</Alert>
          <p className="text-sm">
            <TextLink to="/signin">{t('oidc.link.signinAgain')}</TextLink>
          </p>
        </div>
      )}
      {link && link !== 'gone' && (
        <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-5">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('oidc.link.lead', { email: link.email, username: link.username, provider: link.provider })}
          </p>
          <TextInput
            label={t('oidc.link.password', { username: link.username })}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            {...form.text('password', (key) => t(key))}
          />
          {form.failure && (
            <Alert tone="error" title={t('oidc.link.failedTitle')}>
              {form.failure}
            </Alert>
          )}
          <Button type="submit" busy={form.busy} className="w-full">
            {t('oidc.link.submit')}
          </Button>
          <p className="text-center text-sm">
            <TextLink to="/signin">{t('oidc.link.cancel')}</TextLink>
          </p>
        </form>
      )}
    </AuthShell>
  );
}
