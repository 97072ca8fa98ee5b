import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The name of an event type ("Secret opened"), for choices and logs; a type this page does not know yet (a newer
 * server) shows as it is sent.
 */
export function useEventTypeLabel(): (type: string) => string {
  const { t } = useTranslation('activity');
  return useCallback((type: string) => t(`types.${type}`, { defaultValue: type }), [t]);
}
