/**
 * User agents that are not a person viewing a page: crawlers, link previews, monitors and HTTP libraries. Page
 * views are only sent by the web app's JavaScript, so these are rare, but a scripted call should not count.
 * "HeadlessChrome" is not in the list: it is a real browser (and the one the browser tests drive).
 */
const BOT_PATTERNS = [
  // Crawlers and indexers: Googlebot, bingbot, YandexBot, AhrefsBot, Applebot, DuckDuckBot… (not CUBOT phones)
  /(?<!cu)bot|crawl|spider|slurp|archiver|indexer|scraper|mediapartners|feedfetcher|fetcher/,
  // Link previews of chat apps and social networks (their in-app browsers are people, and not matched)
  /preview|facebookexternalhit|facebookcatalog|embedly|iframely|whatsapp|slack-imgproxy|vkshare|mastodon/,
  /flipboardproxy|outbrain|nuzzel|quora link/,
  // Uptime monitors and auditors
  /lighthouse|pingdom|uptime|monitor|statuscake|site24x7|newrelic|datadog|checkly|gtmetrix|pagespeed/,
  // HTTP clients and fetch libraries
  /^(node|undici|deno|bun)\b|curl|wget|httpie|python|aiohttp|httpx|java\/|okhttp|apache-httpclient|go-http-client/,
  /libwww|lwp-|perl|ruby|php\/|guzzle|axios|node-fetch|got \(|postman|insomnia|winhttp|powershell|scrapy/,
  // Headless browsers driven by scripts, except HeadlessChrome: a real browser (and the browser tests' one)
  /phantomjs|headless(?!chrome)/,
];

/** True for a missing or blank user agent and for any that looks like a bot, a preview or a script. */
export function isBot(userAgent: string | undefined): boolean {
  const agent = userAgent?.trim().toLowerCase() ?? '';
  if (agent === '') return true;
  return BOT_PATTERNS.some((pattern) => pattern.test(agent));
}
