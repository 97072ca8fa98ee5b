import { useTranslation } from 'react-i18next';
import { ACCOUNT_TTL_CHOICES, MAX_VIEWS, MIN_VIEWS, TTL_CHOICES } from '../../../../shared/rules/secrets';
import { Select, TextInput } from '../../../components/ui/Field';
import type { CreateFormValues, FormErrors, UpdateField } from './create-form';
import { formatTtl } from './format';

/** Lifetime and views: how long, and how often, the secret can be opened. */
export function LimitsFields({
  values,
  errors,
  update,
  signedIn,
}: {
  values: CreateFormValues;
  errors: FormErrors;
  update: UpdateField;
  signedIn: boolean;
}) {
  const { t } = useTranslation('create');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t('ttl.label')}
        hint={t('ttl.hint')}
        value={values.ttl}
        onChange={(event) => update('ttl', Number(event.target.value))}
        error={errors.ttl && t(errors.ttl)}
      >
        {TTL_CHOICES.map((seconds) => (
          <option key={seconds} value={seconds}>
            {formatTtl(seconds, t)}
          </option>
        ))}
        {ACCOUNT_TTL_CHOICES.map((seconds) => (
          <option key={seconds} value={seconds} disabled={!signedIn}>
            {signedIn ? formatTtl(seconds, t) : t('ttl.needsAccount', { label: formatTtl(seconds, t) })}
          </option>
        ))}
      </Select>
      {values.preventBurn ? (
        <div className="space-y-1.5" data-testid="views-burn-after-time">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('views.label')}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('views.burnAfterTime')}</p>
        </div>
      ) : (
        <TextInput
          label={t('views.label')}
          hint={t('views.hint', { min: MIN_VIEWS, max: MAX_VIEWS })}
          type="number"
          inputMode="numeric"
          min={MIN_VIEWS}
          max={MAX_VIEWS}
          step={1}
          required
          value={values.maxViews}
          onChange={(event) => update('maxViews', event.target.value)}
          error={errors.maxViews && t(errors.maxViews, { min: MIN_VIEWS, max: MAX_VIEWS })}
        />
      )}
    </div>
  );
}
