/**
 * The Prometheus naming conventions (prometheus.io/docs/practices/naming), as rules a metric name can be checked
 * against: snake case under the application's prefix, base units only and named last (before `_total`), `_total` on
 * counters and on nothing else, none of the suffixes the exposition format adds itself, `_info` only on gauges.
 */
const BASE_UNITS = ['seconds', 'bytes', 'ratio', 'meters', 'volts', 'amperes', 'joules', 'grams', 'celsius', 'info'];
const OTHER_UNITS = new Set([
  'ms',
  'milliseconds',
  'microseconds',
  'nanoseconds',
  'minutes',
  'hours',
  'days',
  'kb',
  'mb',
  'gb',
  'kib',
  'mib',
  'gib',
  'kilobytes',
  'megabytes',
  'gigabytes',
  'bits',
  'percent',
]);
const FORMAT_SUFFIXES = ['_count', '_sum', '_bucket', '_created'];

export function namingProblems(name: string, type: string, prefix = 'hush_'): string[] {
  const problems: string[] = [];
  if (!/^[a-z][a-z0-9_]*$/.test(name) || name.includes('__')) problems.push('not snake case');
  if (!name.startsWith(prefix)) problems.push(`not under ${prefix}`);
  const isCounter = type === 'counter';
  if (isCounter !== name.endsWith('_total')) {
    problems.push(isCounter ? 'a counter must end in _total' : 'only counters end in _total');
  }
  for (const suffix of FORMAT_SUFFIXES) {
    if (name.endsWith(suffix)) problems.push(`${suffix} is added by the exposition format`);
  }
  const words = name.replace(/_total$/, '').split('_');
  words.forEach((word, index) => {
    if (OTHER_UNITS.has(word)) problems.push(`${word}: use a base unit (seconds, bytes)`);
    if (BASE_UNITS.includes(word) && index !== words.length - 1) problems.push(`${word}: the unit comes last`);
  });
  if (words.at(-1) === 'info' && type !== 'gauge') problems.push('an _info metric is a gauge');
  return problems;
}
