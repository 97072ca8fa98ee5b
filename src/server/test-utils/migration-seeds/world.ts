import { expect } from 'vitest';
import type { Db } from '../../db/schema.js';
import { createPasswordHasher } from '../../lib/passwords.js';
import { randomToken, sha256 } from '../../lib/tokens.js';
import type { TestApp } from '../app.js';
import { fakeCiphertext } from '../files.js';

/**
 * Data as each migration step left it, and how the latest app must still read it. Every migration has an entry:
 * `seed` writes rows into the tables as they are right after that migration (rows of later steps' shape do not
 * exist yet), `check` reads them back through the HTTP API after the upgrade. A seed writes with the columns of its
 * own step, so when a later migration renames one, write that seed's rows with sql`…` instead of the typed builder.
 */
export interface SeedWorld {
  /** The app's clock at the check (seeded times are relative to it). */
  now: number;
  /** The data folder of the app that checks (stored files go under it). */
  dataDir: string;
}

export interface Step {
  seed(db: Db, world: SeedWorld): Promise<void>;
  check(t: TestApp, world: SeedWorld): Promise<void>;
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const PASSWORD = 'correct horse';

export const ids = {
  alice: randomToken(16),
  root: randomToken(16),
  viewed: randomToken(16),
  locked: randomToken(16),
  public: randomToken(16),
  withFile: randomToken(16),
  file: randomToken(16),
  attempted: randomToken(16),
  stranded: randomToken(16),
  usedUp: randomToken(16),
  request: randomToken(16),
  response: randomToken(16),
  receipted: randomToken(16),
  ended: randomToken(16),
  forgotten: randomToken(16),
  seenEvent: randomToken(16),
  newEvent: randomToken(16),
  hook: randomToken(16),
  instanceHook: randomToken(16),
  delivery: randomToken(16),
  legacyToken: randomToken(16),
  scopedToken: randomToken(16),
  pendingStatus: randomToken(16),
};
export const tokens = {
  deleteViewed: randomToken(32),
  proof: randomToken(32),
  verifier: randomToken(32),
  session: randomToken(32),
  api: randomToken(32),
  responseProof: randomToken(32),
  ephemeralKey: randomToken(32),
  deleteReceipted: randomToken(32),
  deleteEnded: randomToken(32),
  device: randomToken(32),
  hookSecret: `whsec_${randomToken(32)}`,
  legacyApi: `hush_${randomToken(32)}`,
  scopedApi: `hush_${randomToken(32)}`,
  verifyEmail: randomToken(32),
  signupLink: randomToken(32),
  deletePending: randomToken(32),
};
export const blob = fakeCiphertext(200_000);
export const MINUTE = 60_000;
export const iso = (ms: number) => new Date(ms).toISOString();

let hashed: Promise<{ account: string; verifier: string }> | undefined;
/** argon2id hashes, computed once per run (each takes tens of milliseconds). */
export const hashes = () => {
  const hasher = createPasswordHasher(2);
  hashed ??= Promise.all([hasher.hash(PASSWORD), hasher.hash(tokens.verifier)]).then(([account, verifier]) => ({
    account,
    verifier,
  }));
  return hashed;
};

export const secretRow = (now: number, id: string) => ({
  id,
  text: `hush1.${Buffer.from(id).toString('base64url')}`,
  title: null,
  max_views: 1,
  views_left: 1,
  prevent_burn: 0,
  is_public: 0,
  expires_at: now + DAY,
  created_at: now - HOUR,
  password_hash: null,
  key_proof_hash: null,
  delete_token_hash: sha256(randomToken(32)),
  allowed_ip: null,
  owner_id: null,
  creator_ip: null,
});

export async function signIn(t: TestApp, username: string): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/signin',
    payload: { username, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.cookies.find((cookie) => cookie.name === 'hush_session')!.value;
  return { cookie: `hush_session=${session}` };
}
