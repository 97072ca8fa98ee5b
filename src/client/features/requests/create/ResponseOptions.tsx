import { useTranslation } from 'react-i18next';
import { REQUEST_RESPONSES, REQUEST_TTL_CHOICES, RESPONSE_TTL_CHOICES } from '../../../../shared/rules/requests';
import { MAX_VIEWS, MIN_VIEWS } from '../../../../shared/rules/secrets';
import { Select, TextInput } from '../../../components/ui/Field';
import { Switch } from '../../../components/ui/Switch';
import { formatTtl } from '../../secrets';
import type { RequestFormContext, RequestFormErrors, RequestFormValues, UpdateRequestField } from './request-form';

/** How long the fill link works and how many may answer; how long, and how often, each answer can be opened. */
export function ResponseOptions({
  values,
  errors,
  update,
  context,
}: {
  values: RequestFormValues;
  errors: RequestFormErrors;
  update: UpdateRequestField;
  context: RequestFormContext;
}) {
  const { t } = useTranslation('requests');
  const { t: tCreate } = useTranslation('create');
  const responses = { min: REQUEST_RESPONSES.min, max: REQUEST_RESPONSES.max };
  const views = { min: MIN_VIEWS, max: MAX_VIEWS };
  return (
    <div className="space-y-5 border-t border-slate-200 pt-5 dark:border-slate-800">
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('create.ttlLabel')}
          hint={t('create.ttlHint')}
          value={values.ttl}
          onChange={(event) => update('ttl', Number(event.target.value))}
          error={errors.ttl && t(errors.ttl)}
        >
          {REQUEST_TTL_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {formatTtl(seconds, tCreate)}
            </option>
          ))}
        </Select>
        <TextInput
          label={t('create.responsesLabel')}
          hint={t('create.responsesHint', responses)}
          type="number"
          inputMode="numeric"
          min={responses.min}
          max={responses.max}
          step={1}
          required
          value={values.maxResponses}
          onChange={(event) => update('maxResponses', event.target.value)}
          error={errors.maxResponses && t(errors.maxResponses, responses)}
        />
        <Select
          label={t('create.responseTtlLabel')}
          hint={t('create.responseTtlHint')}
          value={values.responseTtl}
          onChange={(event) => update('responseTtl', Number(event.target.value))}
          error={errors.responseTtl && t(errors.responseTtl)}
        >
          {RESPONSE_TTL_CHOICES.map((seconds) => (
            <option key={seconds} value={seconds}>
              {formatTtl(seconds, tCreate)}
            </option>
          ))}
        </Select>
        <TextInput
          label={t('create.viewsLabel')}
          hint={t('create.viewsHint', views)}
          type="number"
          inputMode="numeric"
          min={views.min}
          max={views.max}
          step={1}
          required
          value={values.responseViews}
          onChange={(event) => update('responseViews', event.target.value)}
          error={errors.responseViews && t(errors.responseViews, views)}
        />
      </div>
      {context.filesShown && (
        <Switch
          label={t('create.filesLabel')}
          hint={t('create.filesHint')}
          checked={values.allowFiles}
          onChange={(on) => update('allowFiles', on)}
        />
      )}
      {context.ipInputShown && (
        <TextInput
          label={t('create.ipLabel')}
          hint={t('create.ipHint')}
          placeholder="203.0.113.0/24"
          value={values.allowedIp}
          onChange={(event) => update('allowedIp', event.target.value)}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          className="font-mono"
          error={errors.allowedIp && t(errors.allowedIp)}
        />
      )}
    </div>
  );
}
