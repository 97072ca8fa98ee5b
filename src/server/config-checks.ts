import type { Config } from './config-settings.js';

/** HUSH_* variables read outside the server's settings: not typos. */
const OTHER_VARIABLES = ['HUSH_COMMIT', 'HUSH_SERVER'];

/** Settings that are each valid but wrong together; one line per problem, naming the variables. */
export function crossChecks(config: Config): string[] {
  const problems: string[] = [];
  if (!config.adminUsername !== !config.adminPassword) {
    problems.push('HUSH_ADMIN_USERNAME and HUSH_ADMIN_PASSWORD: set both or neither');
  }
  if (config.adminEmail && !config.adminUsername) {
    problems.push('HUSH_ADMIN_EMAIL: needs HUSH_ADMIN_USERNAME and HUSH_ADMIN_PASSWORD');
  }
  if (config.sessionDays > config.sessionMaxDays) {
    problems.push(
      `HUSH_SESSION_DAYS=${config.sessionDays}: must not be more than HUSH_SESSION_MAX_DAYS=${config.sessionMaxDays}`,
    );
  }
  if (config.metricsToken && !config.metrics) problems.push('HUSH_METRICS_TOKEN: needs HUSH_METRICS=true');
  if (!config.webhookUrl !== !config.webhookSecret) {
    problems.push('HUSH_WEBHOOK_URL and HUSH_WEBHOOK_SECRET: set both or neither');
  }
  if (config.smtpUrl && !config.smtpFrom) problems.push('HUSH_SMTP_FROM: required when HUSH_SMTP_URL is set');
  return problems;
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** A warning for every HUSH_* variable that is no setting, with the closest real one when it is near. */
export function unknownVariables(env: Record<string, string | undefined>, known: readonly string[]): string[] {
  const all = [...known, ...OTHER_VARIABLES];
  return Object.keys(env)
    .filter((name) => name.startsWith('HUSH_') && !all.includes(name))
    .sort()
    .map((name) => {
      const [best] = [...known].sort((a, b) => distance(name, a) - distance(name, b));
      const near = best !== undefined && distance(name, best) <= 3;
      return `${name} is not a Hush setting and is ignored${near ? ` (did you mean ${best}?)` : ''}`;
    });
}
