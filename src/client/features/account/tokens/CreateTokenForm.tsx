import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Select, TextInput } from '../../../components/ui/Field';
import { failureOutcome } from '../../auth';
import { useCredentialsForm } from '../../auth';
import type { CreatedToken } from '../api/account.types';
import { createToken } from '../api/create-token';
import { TOKEN_EXPIRY_CHOICES, TOKEN_NAME_MAX, tokenNameError } from './token-form';

type TokenField = 'name' | 'expiresInDays';

export function CreateTokenForm({ onCreated }: { onCreated(token: CreatedToken): void }) {
  const { t } = useTranslation('account');
  const form = useCredentialsForm<TokenField>(
    { name: '', expiresInDays: '' },
    (values) => {
      const name = tokenNameError(values.name);
      return name ? { name } : {};
    },
    async (values) => {
      try {
        const days = values.expiresInDays === '' ? null : Number(values.expiresInDays);
        const created = await createToken({ name: values.name.trim(), expiresInDays: days });
        form.reset({ name: '', expiresInDays: values.expiresInDays });
        onCreated(created);
        return null;
      } catch (error) {
        return failureOutcome(t, error, ['name', 'expiresInDays'] as const);
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
          required
          {...form.text('name', (key) => t(key, { max: TOKEN_NAME_MAX }))}
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
      {form.failure && <Alert tone="error">{form.failure}</Alert>}
      <Button type="submit" busy={form.busy}>
        {t('tokens.create')}
      </Button>
    </form>
  );
}
