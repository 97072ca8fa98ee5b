/** Where to go after signing in: one rule for the page and the server (shared/rules/next-path.ts). */
export { safeNext } from '../../../shared/rules/next-path';
