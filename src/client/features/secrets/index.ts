/** The secrets feature's public face: what other features may use of it (eslint enforces this door). */
export { listPublicSecrets } from './api/secrets.api';
export type { PublicSecretItem } from './api/secrets.api';
export { generatePassword } from './create/password-generator';
