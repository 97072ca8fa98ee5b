import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Forward auth for tests (issue 16.6): a stand-in for Authelia's or Authentik's auth endpoint, and the nginx block
 * of docs/trusted-header.md that asks it about every request. The stand-in knows people by a portal cookie, as those
 * services do: 200 with Remote-User and Remote-Email for a known one, 401 (nginx then redirects to the portal) else.
 */

export const PORTAL_COOKIE = 'portal';

export interface ForwardAuth {
  port: number;
  close(): Promise<void>;
}

/** Starts the stand-in on a free loopback port; `sessions`: portal cookie value → the user it vouches for. */
export async function startForwardAuth(
  sessions: Record<string, { user: string; email: string }>,
): Promise<ForwardAuth> {
  const server: Server = createServer((request, response) => {
    const cookie = new RegExp(`(?:^|;\\s*)${PORTAL_COOKIE}=([^;]+)`).exec(request.headers.cookie ?? '')?.[1];
    const session = cookie ? sessions[cookie] : undefined;
    if (!session) return response.writeHead(401).end();
    response.writeHead(200, { 'Remote-User': session.user, 'Remote-Email': session.email }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The nginx block of docs/trusted-header.md with the test's ports: each substitution must match once. */
export async function forwardAuthSite(ports: { nginx: number; hush: number; auth: number }): Promise<string> {
  const page = await readFile(new URL('../../../docs/trusted-header.md', import.meta.url), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(page)?.[1];
  if (!block) throw new Error('docs/trusted-header.md no longer has an nginx block');
  const substitutions: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${ports.nginx};`],
    ['proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${ports.hush};`],
    ['http://127.0.0.1:9091/', `http://127.0.0.1:${ports.auth}/`],
  ];
  return substitutions.reduce((site, [from, to]) => {
    if (site.split(from).length !== 2) throw new Error(`docs/trusted-header.md no longer has "${from}" (once)`);
    return site.replace(from, to);
  }, block);
}
