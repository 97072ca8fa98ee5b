import { useTranslation } from 'react-i18next';
import type { RequestState } from '../../../shared/rules/requests';
import { Badge } from '../../components/ui/Badge';

/** Open, answered, expired or revoked: whether the fill link can still be answered, and why not. */
export function RequestStateBadge({ state }: { state: RequestState }) {
  const { t } = useTranslation('requests');
  return <Badge tone={state === 'open' ? 'indigo' : 'neutral'}>{t(`state.${state}`)}</Badge>;
}
