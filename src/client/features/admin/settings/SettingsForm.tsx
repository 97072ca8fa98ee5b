import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { TextInput } from '../../../components/ui/Field';
import { Switch } from '../../../components/ui/Switch';
import { useFocusInvalid } from '../../../components/ui/use-focus-invalid';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSessionGone } from '../../account';
import { useSettingsStore } from '../../settings';
import { updateAdminSettings } from '../api/admin-settings';
import { RequireTwoFactorSelect } from './RequireTwoFactorSelect';
import type { AdminSettings, SettingName } from '../api/admin.types';
import {
  ACCOUNT_SWITCHES,
  domainError,
  envVariable,
  instanceSettings,
  NOTIFICATION_SWITCHES,
  REQUEST_SWITCHES,
  SECRET_SWITCHES,
  settingsUpdate,
  type SettingsValues,
  type SwitchSetting,
} from './settings-form';

const SETTING_COUNT =
  ACCOUNT_SWITCHES.length + SECRET_SWITCHES.length + REQUEST_SWITCHES.length + NOTIFICATION_SWITCHES.length + 2;
const DOMAIN = 'restrict_organization_email';

/**
 * The instance settings form. Settings the server's environment pins are shown disabled and say so; a saved
 * change goes into the settings store at once, so the rest of the page (sign-up link, create form) follows it.
 */
export function SettingsForm({ loaded }: { loaded: AdminSettings }) {
  const { t } = useTranslation('admin');
  const sessionGone = useSessionGone();
  const storeSettings = useSettingsStore((state) => state.setSettings);
  const [values, setValues] = useState(() => instanceSettings(loaded));
  const [managed, setManaged] = useState<readonly SettingName[]>(loaded.managed);
  const [domainProblem, setDomainProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const { container, focusInvalid } = useFocusInvalid<HTMLFormElement>();
  const allManaged = managed.length >= SETTING_COUNT;

  const change = <K extends keyof SettingsValues>(name: K, value: SettingsValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setSaved(false);
    if (name === DOMAIN) setDomainProblem(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || allManaged) return;
    setFailure(null);
    setSaved(false);
    const problem = managed.includes(DOMAIN) ? undefined : domainError(values.restrict_organization_email);
    if (problem) {
      setDomainProblem(t(problem));
      return focusInvalid();
    }
    setBusy(true);
    let saved: AdminSettings;
    try {
      saved = await updateAdminSettings(settingsUpdate(values, managed));
    } catch (error) {
      setBusy(false);
      if (sessionGone(error)) return;
      showFailure(error);
      return;
    }
    setBusy(false);
    const settings = instanceSettings(saved);
    setValues(settings);
    setManaged(saved.managed);
    storeSettings(settings);
    setSaved(true);
  };

  const showFailure = (error: unknown) => {
    if (error instanceof ApiError && error.field === DOMAIN) {
      setDomainProblem(errorMessage(t, error));
      focusInvalid();
    } else {
      setFailure(errorMessage(t, error));
    }
  };

  const hint = (name: SettingName) => (
    <>
      {t(`settings.fields.${name}.help`)}
      {managed.includes(name) && (
        <span className="mt-0.5 block font-medium text-amber-800 dark:text-amber-300">
          {t('settings.managed', { variable: envVariable(name) })}
        </span>
      )}
    </>
  );
  const settingSwitch = (name: SwitchSetting) => (
    <Switch
      key={name}
      label={t(`settings.fields.${name}.label`)}
      hint={hint(name)}
      checked={values[name]}
      disabled={managed.includes(name)}
      onChange={(checked) => change(name, checked)}
    />
  );

  return (
    <form ref={container} noValidate onSubmit={onSubmit} aria-busy={busy} className="space-y-6">
      {managed.length > 0 && (
        <Alert tone="info">{allManaged ? t('settings.allManaged') : t('settings.someManaged')}</Alert>
      )}
      <Group id="accounts" title={t('settings.accounts')}>
        {ACCOUNT_SWITCHES.map(settingSwitch)}
        <TextInput
          label={t(`settings.fields.${DOMAIN}.label`)}
          hint={hint(DOMAIN)}
          placeholder="example.com"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={253}
          disabled={managed.includes(DOMAIN)}
          value={values.restrict_organization_email}
          onChange={(event) => change(DOMAIN, event.target.value)}
          error={domainProblem}
        />
        <RequireTwoFactorSelect
          value={values.require_two_factor}
          hint={hint('require_two_factor')}
          disabled={managed.includes('require_two_factor')}
          onChange={(value) => change('require_two_factor', value)}
        />
      </Group>
      <Group id="secrets" title={t('settings.secrets')}>
        {SECRET_SWITCHES.map(settingSwitch)}
      </Group>
      <Group id="requests" title={t('settings.requests')}>
        {REQUEST_SWITCHES.map(settingSwitch)}
      </Group>
      <Group id="notifications" title={t('settings.notifications')}>
        {NOTIFICATION_SWITCHES.map(settingSwitch)}
      </Group>
      {failure && (
        <Alert tone="error" title={t('settings.failedTitle')}>
          {failure}
        </Alert>
      )}
      {saved && <Alert tone="success">{t('settings.saved')}</Alert>}
      {!allManaged && (
        <Button type="submit" busy={busy}>
          {t('settings.save')}
        </Button>
      )}
    </form>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `instance-settings-${id}`;
  return (
    <Card>
      <div role="group" aria-labelledby={headingId} className="space-y-5">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {children}
      </div>
    </Card>
  );
}
