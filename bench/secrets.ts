// Request bodies and pre-created secrets for the benchmark.
import { randomBytes } from 'node:crypto';

/** Looks like a real envelope: `hush1.` + base64url, 1,030 characters in all. */
export const ENVELOPE = `hush1.${randomBytes(768).toString('base64url')}`;

export const JSON_HEADERS = { 'content-type': 'application/json' };

export function createBody(maxViews: number): string {
  return JSON.stringify({ text: ENVELOPE, ttl: 3600, maxViews });
}

/** Creates `count` secrets through the API, `concurrency` at a time; returns their ids. */
export async function createSecrets(baseUrl: string, count: number, maxViews: number, concurrency = 50) {
  const body = createBody(maxViews);
  const ids: string[] = [];
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started++;
      const response = await fetch(`${baseUrl}/api/v1/secret`, { method: 'POST', headers: JSON_HEADERS, body });
      const json = (await response.json()) as { id?: unknown };
      if (!response.ok || typeof json.id !== 'string') {
        throw new Error(`creating a secret failed: HTTP ${response.status} ${JSON.stringify(json)}`);
      }
      ids.push(json.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return ids;
}

/** A valid-looking id that was never created: what a request gets once the pool has run out. */
const MISSING_ID = 'A'.repeat(22);

/** Hands out each pre-created id once. */
export class IdPool {
  private readonly ids: string[] = [];
  private next = 0;
  /** Requests that found the pool empty (they get a 404). */
  exhausted = 0;

  add(ids: Iterable<string>): void {
    for (const id of ids) this.ids.push(id);
  }

  get remaining(): number {
    return this.ids.length - this.next;
  }

  take(): string {
    const id = this.ids[this.next];
    if (id === undefined) {
      this.exhausted++;
      return MISSING_ID;
    }
    this.next++;
    return id;
  }
}
