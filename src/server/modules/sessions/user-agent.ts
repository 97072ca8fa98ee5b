/**
 * A User-Agent header as a short, human summary for the sessions list ("Firefox on Linux"): enough to recognise
 * one's own browsers, without versions or build details (less to fingerprint, nothing to keep up to date).
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chromium\//, 'Chromium'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//i, 'curl'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

const MAX_LENGTH = 64;

export function summarizeUserAgent(header: string | undefined): string | null {
  if (!header) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(header))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(header))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return (browser ?? system ?? header.replace(/[^\x20-\x7e]/g, '').slice(0, MAX_LENGTH)) || null;
}
