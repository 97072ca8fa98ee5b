/**
 * What the sessions list says of a session's User-Agent. The row keeps a short, language-neutral summary (0011): a
 * browser and system we know as their names ("Firefox on Linux"), without versions or build details (less to
 * fingerprint, nothing to keep up to date); any other agent as sent, cut to 64 printable characters, so that a
 * script's own name can show. The list answers the names apart, and the page puts them into words in its language.
 */

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chromium\//, 'Chromium'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];
/** Command-line tools and the HTTP libraries of scripts, by their agents. */
const CLIENTS: [RegExp, string][] = [
  [/^curl(\/|$)/i, 'curl'],
  [/^Wget\//i, 'Wget'],
  [/^HTTPie\//i, 'HTTPie'],
  [/^(python|aiohttp|httpx)\b/i, 'Python'],
  [/^Go-http-client\//, 'Go'],
  [/^(node|undici|axios|got)\b/i, 'Node.js'],
  [/^(Java|Apache-HttpClient|okhttp)\b/i, 'Java'],
  [/^(Ruby|Faraday)\b/i, 'Ruby'],
  [/PowerShell\//i, 'PowerShell'],
];

const MAX_LENGTH = 64;

const nameOf = (table: [RegExp, string][], text: string) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
const BROWSER_NAMES = new Set(BROWSERS.map(([, name]) => name));
const SYSTEM_NAMES = new Set(SYSTEMS.map(([, name]) => name));

/** What a session's row keeps of a User-Agent header; null: none sent. */
export function summarizeUserAgent(header: string | undefined): string | null {
  if (!header) return null;
  const printable = header.replace(/[^\x20-\x7e]/g, '').trim();
  const browser = nameOf(BROWSERS, printable);
  const system = nameOf(SYSTEMS, printable);
  if (browser) return system ? `${browser} on ${system}` : browser;
  // A tool's agent is kept from its own name on (PowerShell's comes after a browser-like preamble).
  const tool = CLIENTS.map(([pattern]) => pattern.exec(printable)).find((match) => match !== null);
  if (tool) return printable.slice(tool.index, tool.index + MAX_LENGTH);
  return (system ?? printable.slice(0, MAX_LENGTH)) || null;
}

export interface AgentDescription {
  /** A browser we know (a brand name, as is in every language), or null. */
  browser: string | null;
  /** An operating system we know, or null. */
  os: string | null;
  /** A command-line tool or a script's HTTP library (curl, Python, Go…), or null. */
  client: string | null;
  /** The agent as kept, unless a browser or system we know (those keep only their names); null then. */
  userAgent: string | null;
}

/** A kept summary (summarizeUserAgent) taken apart again for the list. */
export function describeUserAgent(kept: string | null): AgentDescription {
  const none: AgentDescription = { browser: null, os: null, client: null, userAgent: null };
  if (!kept) return none;
  const [browser, system] = kept.split(' on ');
  if (browser && BROWSER_NAMES.has(browser) && (system === undefined || SYSTEM_NAMES.has(system))) {
    return { ...none, browser, os: system ?? null };
  }
  if (SYSTEM_NAMES.has(kept)) return { ...none, os: kept };
  return { ...none, client: nameOf(CLIENTS, kept), userAgent: kept };
}
