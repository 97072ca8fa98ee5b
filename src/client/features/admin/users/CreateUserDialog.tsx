import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/api/auth.contract';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';
import { Dialog, DialogActions } from '../../../components/ui/Dialog';
import { TextInput } from '../../../components/ui/Field';
import { Switch } from '../../../components/ui/Switch';
import { useSessionGone } from '../../account';
import { RULE_VALUES } from '../../auth';
import { failureOutcome } from '../../auth';
import { useCredentialsForm } from '../../auth';
import { generatePassword } from '../../secrets';
import type { AdminUser } from '../api/admin.types';
import { createUser } from '../api/users';
import { RoleSelect } from './RoleSelect';
import { validateNewUser, type NewUserField } from './user-form';

const FIELDS: readonly NewUserField[] = ['username', 'email', 'password', 'role'];

/**
 * A new user (spec §3): username, email, password (typed or generated, shown so it can be passed on), role
 * (default user) and whether the password counts as generated (default yes: the user is asked to choose their own).
 */
export function CreateUserDialog({ onCreated, onCancel }: { onCreated(user: AdminUser): void; onCancel(): void }) {
  const { t } = useTranslation('admin');
  const sessionGone = useSessionGone();
  const [generated, setGenerated] = useState(true);
  const form = useCredentialsForm<NewUserField>(
    { username: '', email: '', password: '', role: 'user' },
    validateNewUser,
    async (values) => {
      try {
        const user = await createUser({
          username: values.username,
          email: values.email.trim(),
          password: values.password,
          role: values.role as Role,
          generated,
        });
        onCreated(user);
        return null;
      } catch (error) {
        return sessionGone(error) ? null : failureOutcome(t, error, FIELDS);
      }
    },
  );
  const say = (key: string) => t(key, RULE_VALUES);

  return (
    <Dialog title={t('users.createTitle')} onCancel={() => !form.busy && onCancel()}>
      <form ref={form.container} noValidate onSubmit={form.onSubmit} aria-busy={form.busy} className="space-y-4">
        <TextInput
          label={t('users.form.username')}
          hint={t('users.form.usernameHint', RULE_VALUES)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          {...form.text('username', say)}
        />
        <TextInput
          label={t('users.form.email')}
          type="email"
          autoComplete="off"
          required
          {...form.text('email', say)}
        />
        <div className="space-y-2">
          <TextInput
            label={t('users.form.password')}
            hint={t('users.form.passwordHint', RULE_VALUES)}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            required
            className="font-mono"
            {...form.text('password', say)}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => form.update('password', generatePassword())}>
              {t('users.form.generate')}
            </Button>
            <CopyButton
              value={form.values.password}
              label={t('users.form.copy')}
              disabled={form.values.password === ''}
            />
          </div>
        </div>
        <RoleSelect
          value={form.values.role as Role}
          onChange={(role) => form.update('role', role)}
          error={form.errorOf('role', say)}
        />
        <Switch
          label={t('users.form.generated')}
          hint={t('users.form.generatedHint')}
          checked={generated}
          onChange={setGenerated}
        />
        {form.failure && <Alert tone="error">{form.failure}</Alert>}
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
            {t('users.cancel')}
          </Button>
          <Button type="submit" busy={form.busy}>
            {t('users.createSubmit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
