import type { Generated, Kysely } from 'kysely';
import type {
  TotpCredentialsTable,
  BackupCodesTable,
  PendingSigninsTable,
  ApiTokensTable,
  EmailTokensTable,
  PasskeysTable,
  PasskeyChallengesTable,
  UserIdentitiesTable,
  OidcFlowsTable,
  OidcLinkTicketsTable,
  SignupRequestsTable,
} from './schema-identity.js';
export type * from './schema-identity.js';

/** Times are milliseconds since the epoch; booleans are 0/1 integers (the same on SQLite and PostgreSQL). */
export interface SecretsTable {
  id: string;
  /** The envelope (hush1.…), or plain text for a public secret. */
  text: string;
  title: string | null;
  max_views: number;
  views_left: number;
  prevent_burn: number;
  is_public: number;
  expires_at: number;
  created_at: number;
  password_hash: string | null;
  key_proof_hash: string | null;
  delete_token_hash: string;
  allowed_ip: string | null;
  owner_id: string | null;
  /** Kept only for public secrets (abuse handling). */
  creator_ip: string | null;
  failed_attempts: Generated<number>;
  /** Password verifications running now: each holds a place in the attempt budget (0006). */
  pending_attempts: Generated<number>;
  /** When the last of them was reserved (ms): the purge gives back places left by a crash (0006). */
  attempts_reserved_at: number | null;
  /** 1 when it can be opened; 0 while its files are uploading. */
  ready: Generated<number>;
  file_count: Generated<number>;
  /** SHA-256 of the token that lets the creator upload the files' parts. */
  upload_token_hash: string | null;
  /** A response to a request (0008): the request, and the responder's ephemeral public key. */
  request_id: string | null;
  request_key: string | null;
  /** What happened to it (0009): comma-separated milliseconds of each view and each wrong password. */
  view_times: string | null;
  failed_times: string | null;
  /** Readers' addresses (or prefixes), comma-separated, only when HUSH_STATUS_READER_IP is on. */
  reader_ips: string | null;
}

/** How a secret ended (shared/rules/receipts.ts). */
export interface SecretStatusTable {
  id: string;
  owner_id: string | null;
  request_id: string | null;
  delete_token_hash: string;
  is_public: number;
  prevent_burn: number;
  file_count: number;
  max_views: number;
  views_used: number;
  view_times: string | null;
  failed_times: string | null;
  reader_ips: string | null;
  created_at: number;
  expires_at: number;
  ended_at: number;
  end_reason: string;
}

/** A webhook endpoint (0009): a user's, or the instance's when owner_id is null. */
export interface WebhooksTable {
  id: string;
  owner_id: string | null;
  url: string;
  format: string;
  /** JSON array of event types; null: every event. */
  events: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: number | null;
  enabled: Generated<number>;
  disabled_reason: string | null;
  /** The first failed attempt since the last success; failing for the whole retry window turns it off. */
  failing_since: number | null;
  created_at: number;
}

/** One event to one channel target (0009). */
export interface DeliveriesTable {
  id: string;
  event_id: string;
  channel: string;
  /** The webhook id, or the user id of an email. */
  target: string;
  /** Who may see it in a delivery log: the webhook's owner (null: the instance's). */
  owner_id: string | null;
  state: string;
  attempts: Generated<number>;
  next_at: number;
  lease_until: Generated<number>;
  last_code: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}

export interface UserDevicesTable {
  user_id: string;
  device_hash: string;
  first_seen_at: number;
}

/** A request for a secret (0008): only sealed or public values; its responses are secrets. */
export interface RequestsTable {
  id: string;
  owner_id: string;
  /** Envelopes under the details key. */
  title: string;
  text: string | null;
  public_key: string;
  /** The private key wrapped under the inbox key (hushrk1.…). */
  wrapped_key: string;
  max_responses: number;
  responses_used: Generated<number>;
  response_ttl: number;
  response_views: number;
  allow_files: Generated<number>;
  allowed_ip: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** 1 once its end (request.expired) is recorded. */
  ended: Generated<number>;
}

/** What happened, for notifications (0008): never content, keys or addresses. */
export interface EventsTable {
  id: string;
  type: string;
  user_id: string | null;
  /** The request or secret it is about. */
  subject_id: string;
  created_at: number;
  /** JSON of the event's few content-free fields (0009). */
  data: string | null;
  /** 1 once a worker has written its deliveries. */
  dispatched: Generated<number>;
}

/** One attached file; its ciphertext is a blob in the file storage under the same id. No foreign keys (0005). */
export interface FilesTable {
  id: string;
  secret_id: string;
  owner_id: string | null;
  /** 0-based place in the secret's list: the file index the encryption binds. */
  position: number;
  /** The sealed name, type and size (an envelope). */
  meta: string;
  /** Bytes of the stored ciphertext stream. */
  size: number;
  /** Plaintext bytes, from the size (limits apply to these). */
  plain_size: number;
  part_size: number;
  part_count: number;
  created_at: number;
}

/** A reader's short-lived key to one file. */
export interface DownloadKeysTable {
  key_hash: string;
  file_id: string;
  secret_id: string;
  expires_at: number;
}

export interface UsersTable {
  id: string;
  username: string;
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  role: string;
  generated: number;
  created_at: number;
  /** The language of the user's emails (0009); null: the instance's default. */
  locale: string | null;
  activity_seen_at: Generated<number>;
  /** JSON array of event types emailed; null: the instance default. */
  email_events: string | null;
  /** When the present email was proven by an emailed link (0012); null: not proven. */
  email_verified_at: number | null;
}

export interface StatisticsTable {
  name: string;
  value: number;
}

/** One row per setting; the value is JSON. */
export interface InstanceSettingsTable {
  name: string;
  value: string;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  absolute_expires_at: number;
  /** The OpenID provider that started the session (0013), and its ID token for signing out there. */
  oidc_provider: string | null;
  oidc_id_token: string | null;
  /** How it started (0011): password | passkey | oidc | header; null: before 0011, by password. */
  method: string | null;
  /** The last API call made with it (0011), at most a minute off; null: none since 0011. */
  last_seen_at: number | null;
  /** A short summary of its browser (0011), e.g. "Firefox on Linux": sessions/user-agent.ts. */
  user_agent: string | null;
}

export interface SetupTokensTable {
  token_hash: string;
  expires_at: number;
}

/** One page view: no IP, no user agent, no time of day. */
export interface PageViewsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  /** One of the known page paths (analytics.paths.ts), or /404. */
  path: string;
  /** HMAC-SHA256(day's salt, IP and user agent), base64url: changes every day. */
  visitor: string;
}

/** One random salt per UTC day; past days' are deleted by the purge. */
export interface AnalyticsSaltsTable {
  day: string;
  /** 32 random bytes, base64url. */
  salt: string;
}

export interface DB {
  secrets: SecretsTable;
  users: UsersTable;
  statistics: StatisticsTable;
  instance_settings: InstanceSettingsTable;
  sessions: SessionsTable;
  totp_credentials: TotpCredentialsTable;
  backup_codes: BackupCodesTable;
  pending_signins: PendingSigninsTable;
  user_identities: UserIdentitiesTable;
  oidc_flows: OidcFlowsTable;
  oidc_link_tickets: OidcLinkTicketsTable;
  api_tokens: ApiTokensTable;
  setup_tokens: SetupTokensTable;
  page_views: PageViewsTable;
  analytics_salts: AnalyticsSaltsTable;
  files: FilesTable;
  download_keys: DownloadKeysTable;
  requests: RequestsTable;
  events: EventsTable;
  secret_status: SecretStatusTable;
  /** Last views' statuses on their way into secret_status (SQLite; migration 0016). */
  secret_status_pending: SecretStatusTable;
  webhooks: WebhooksTable;
  deliveries: DeliveriesTable;
  user_devices: UserDevicesTable;
  email_tokens: EmailTokensTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  signup_requests: SignupRequestsTable;
}

export type Db = Kysely<DB>;
