import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/api/auth.contract';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Select, TextInput } from '../../../components/ui/Field';
import { fieldErrors } from '../../../lib/field-errors';
import { failureOutcome } from '../../auth';
import { useCredentialsForm } from '../../auth';
import type { CreatedToken } from '../api/account.types';
import { createToken } from '../api/create-token';
import { TokenScopeChoices } from './TokenScopeChoices';
import {
  DEFAULT_TOKEN_SCOPES,
  joinScopes,
  scopesFor,
  splitScopes,
  TOKEN_EXPIRY_CHOICES,
  TOKEN_NAME_MAX,
  tokenNameError,
  tokenScopesError,
  toggleScope,
} from './token-form';

type TokenField = 'name' | 'expiresInDays' | 'scopes';

/** A new token: its name, its lifetime and what it may do (the admin scope is offered to admins only). */
export function CreateTokenForm({ role, onCreated }: { role: Role; onCreated(token: CreatedToken): void }) {
  const { t } = useTranslation('account');
  const offered = scopesFor(role);
  const form = useCredentialsForm<TokenField>(
    { name: '', expiresInDays: '', scopes: joinScopes(DEFAULT_TOKEN_SCOPES) },
    (values) => fieldErrors({ name: tokenNameError(values.name), scopes: tokenScopesError(values.scopes) }),
    async (values) => {
      try {
        const days = values.expiresInDays === '' ? null : Number(values.expiresInDays);
        const scopes = splitScopes(values.scopes);
        const created = await createToken({ name: values.name.trim(), expiresInDays: days, scopes });
        form.reset({ ...values, name: '' });
        onCreated(created);
        return null;
      } catch (error) {
        return failureOutcome(t, error, ['name', 'expiresInDays', 'scopes'] as const);
      }
    },
  );
  return (
    <form
      ref={form.container}
      noValidate
      onSubmit={form.onSubmit}
      aria-busy={form.busy}
      aria-label={t('tokens.createLabel')}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextInput
          label={t('tokens.name')}
          placeholder={t('tokens.namePlaceholder')}
          maxLength={TOKEN_NAME_MAX}
          dir="auto"
          required
          {...form.text('name', (key) => t(key, { count: TOKEN_NAME_MAX }))}
        />
        <Select
          label={t('tokens.expiry')}
          value={form.values.expiresInDays}
          onChange={(event) => form.update('expiresInDays', event.target.value)}
          error={form.serverErrors.expiresInDays}
        >
          {TOKEN_EXPIRY_CHOICES.map((days) => (
            <option key={days ?? 'never'} value={days ?? ''}>
              {days === null ? t('tokens.never') : t('tokens.inDays', { count: days })}
            </option>
          ))}
        </Select>
      </div>
      <TokenScopeChoices
        offered={offered}
        chosen={splitScopes(form.values.scopes)}
        error={form.errorOf('scopes', (key) => t(key))}
        disabled={form.busy}
        onToggle={(scope, on) => form.update('scopes', toggleScope(form.values.scopes, scope, on))}
      />
      {form.failure && <Alert tone="error">{form.failure}</Alert>}
      <Button type="submit" busy={form.busy}>
        {t('tokens.create')}
      </Button>
    </form>
  );
}
