import { useTranslation } from 'react-i18next';
import type { Role } from '../../../../shared/api/auth.contract';
import { Select } from '../../../components/ui/Field';
import { ROLES } from '../../../../shared/rules/account';

/** The role of a user, in the create and the edit dialog. */
export function RoleSelect({
  value,
  onChange,
  error,
}: {
  value: Role;
  onChange: (role: Role) => void;
  error?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <Select
      label={t('users.form.role')}
      hint={t('users.form.roleHint')}
      value={value}
      onChange={(event) => onChange(event.target.value as Role)}
      error={error}
    >
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`, { ns: 'account' })}
        </option>
      ))}
    </Select>
  );
}
