import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/Alert';
import { LoadFailed } from '../../../components/ui/LoadFailed';
import { errorMessage } from '../../../lib/error-message';
import type { FormState } from './use-request-form';

type Problem = Exclude<FormState, { step: 'loading' } | { step: 'ready' }>;

/** Why the request cannot be answered from here: each state in its own words, and nothing was sent. */
export function RespondProblem({ state, onRetry }: { state: Problem; onRetry(): void }) {
  const { t } = useTranslation('requests');
  if (state.step === 'failed') {
    return (
      <LoadFailed title={t('respond.failed')} retryLabel={t('respond.retry')} onRetry={onRetry}>
        {errorMessage(t, state.error)}
      </LoadFailed>
    );
  }
  const { tone, key } = PROBLEMS[state.step];
  return (
    <Alert tone={tone} title={t(`respond.problems.${key}.title`)}>
      {t(`respond.problems.${key}.body`)}
    </Alert>
  );
}

const PROBLEMS = {
  incomplete: { tone: 'error', key: 'incomplete' },
  'no-webcrypto': { tone: 'error', key: 'noWebCrypto' },
  gone: { tone: 'info', key: 'gone' },
  'ip-forbidden': { tone: 'error', key: 'ipForbidden' },
  disabled: { tone: 'info', key: 'disabled' },
  mismatch: { tone: 'error', key: 'mismatch' },
  damaged: { tone: 'error', key: 'damaged' },
} as const satisfies Record<Exclude<Problem['step'], 'failed'>, { tone: 'info' | 'error'; key: string }>;
