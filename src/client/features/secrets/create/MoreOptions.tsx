import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/rules/secrets';
import { Alert } from '../../../components/ui/Alert';
import { TextInput } from '../../../components/ui/Field';
import { Switch } from '../../../components/ui/Switch';
import type { CreateFormValues, FormErrors, UpdateField } from './create-form';
import { PasswordOption } from './PasswordOption';

/** Title, password, IP restriction, burn after time and public: the choices most secrets do without. */
export function MoreOptions({
  values,
  errors,
  update,
  ipInputShown,
}: {
  values: CreateFormValues;
  errors: FormErrors;
  update: UpdateField;
  ipInputShown: boolean;
}) {
  const { t } = useTranslation('create');
  const setPublic = (on: boolean) => {
    update('isPublic', on);
    if (on) {
      update('passwordEnabled', false);
      update('password', '');
    }
  };
  return (
    <div className="space-y-5">
      <TextInput
        label={t('title.label')}
        hint={values.isPublic ? t('title.hintPublic') : t('title.hint', { count: LIMITS.titleBytes })}
        value={values.title}
        onChange={(event) => update('title', event.target.value)}
        autoComplete="off"
        error={errors.title && t(errors.title, { count: LIMITS.titleBytes })}
      />
      <PasswordOption values={values} error={errors.password} update={update} />
      {ipInputShown && (
        <TextInput
          label={t('ip.label')}
          hint={t('ip.hint')}
          placeholder={t('ip.placeholder')}
          value={values.allowedIp}
          onChange={(event) => update('allowedIp', event.target.value)}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          className="font-mono"
          error={errors.allowedIp && t(errors.allowedIp)}
        />
      )}
      <Switch
        label={t('burn.label')}
        hint={t('burn.hint')}
        checked={values.preventBurn}
        onChange={(on) => update('preventBurn', on)}
      />
      <Switch label={t('public.label')} hint={t('public.hint')} checked={values.isPublic} onChange={setPublic} />
      {values.isPublic && (
        <Alert tone="warning" title={t('public.warningTitle')}>
          {t('public.warning')}
        </Alert>
      )}
    </div>
  );
}
