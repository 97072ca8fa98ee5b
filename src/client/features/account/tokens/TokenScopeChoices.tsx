import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenScope } from '../../../../shared/rules/tokens';
import { Choice } from '../../../components/ui/Choice';
import { SCOPE_KEYS } from './token-form';

/**
 * A checkbox per scope the user may give a token, in a fieldset its legend names; the hint and the error (at least
 * one is needed) are read with it. A refused choice marks every box invalid, so the focus goes to the first.
 */
export function TokenScopeChoices({
  offered,
  chosen,
  error,
  disabled = false,
  onToggle,
}: {
  offered: readonly TokenScope[];
  chosen: readonly TokenScope[];
  error?: string | undefined;
  disabled?: boolean;
  onToggle(scope: TokenScope, on: boolean): void;
}) {
  const { t } = useTranslation('account');
  const id = useId();
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset aria-describedby={describedBy} className="space-y-2">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">{t('tokens.scopes')}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {t('tokens.scopesHint')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {offered.map((scope) => (
          <Choice
            key={scope}
            name="scopes"
            value={scope}
            label={t(`tokens.scope.${SCOPE_KEYS[scope]}.label`)}
            hint={t(`tokens.scope.${SCOPE_KEYS[scope]}.hint`)}
            checked={chosen.includes(scope)}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onToggle(scope, event.target.checked)}
          />
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
