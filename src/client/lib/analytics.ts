import { analyticsPath } from '../../shared/rules/analytics-path';
import { runtimeConfig } from './runtime-config';

/** Spec §2/§7: page views go to analytics only when enabled; errors are only logged. */
export function trackPageView(pathname: string, enabled = runtimeConfig.analyticsEnabled): void {
  if (!enabled) return;
  fetch('/api/analytics/track', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: analyticsPath(pathname) }),
    keepalive: true,
  }).catch((error: unknown) => console.warn('analytics', error));
}
