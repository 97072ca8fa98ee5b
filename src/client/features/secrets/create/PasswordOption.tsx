import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { TextInput } from '../../../components/ui/Field';
import { Switch } from '../../../components/ui/Switch';
import type { CreateFormValues, UpdateField } from './create-form';
import { generatePassword } from './password-generator';

/**
 * An extra password layer (argon2id in the worker). Turning it on fills in a generated password, shown in plain
 * text so it can be copied and sent another way; any text the user prefers works too.
 */
export function PasswordOption({
  values,
  error,
  update,
}: {
  values: CreateFormValues;
  error?: string | undefined;
  update: UpdateField;
}) {
  const { t } = useTranslation('create');
  const enabled = values.passwordEnabled && !values.isPublic;

  const toggle = (on: boolean) => {
    update('passwordEnabled', on);
    update('password', on ? generatePassword() : '');
  };

  return (
    <div className="space-y-3">
      <Switch
        label={t('password.toggle')}
        hint={values.isPublic ? t('password.publicHint') : t('password.hint')}
        checked={enabled}
        disabled={values.isPublic}
        onChange={toggle}
      />
      {enabled && (
        <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
          <div className="min-w-0 flex-1 basis-full sm:basis-auto">
            <TextInput
              label={t('password.label')}
              value={values.password}
              onChange={(event) => update('password', event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              className="font-mono"
              error={error && t(error)}
            />
          </div>
          <div className="grid w-full grid-cols-2 gap-2 sm:mt-7 sm:flex sm:w-auto">
            <CopyButton value={values.password} label={t('password.copy')} disabled={values.password === ''} />
            <Button variant="secondary" onClick={() => update('password', generatePassword())}>
              {t('password.regenerate')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
