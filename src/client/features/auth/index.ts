/** The auth feature's public face: what other features may use of it (eslint enforces this door). */
export { RULE_VALUES, emailError, passwordError, usernameError } from './credentials';
export { failureOutcome } from './forms/outcome';
export { useSignInMethods } from './api/sign-in-methods';
export { ProviderLink } from './oidc/ProviderLink';
export { useCredentialsForm } from './forms/use-credentials-form';
export type { SignoutReason } from './pages/SignoutPage';
export { useSessionStore } from './session.store';
