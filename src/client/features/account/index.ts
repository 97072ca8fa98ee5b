/** The account feature's public face: what other features may use of it (eslint enforces this door). */
export { AccountPage } from './layout/AccountPage';
export { MetaLine } from './MetaLine';
export { useAccount } from './layout/account-outlet';
export { useAccountResource, useSessionGone } from './use-account-resource';
export { useSecondFactorNeeded } from './security/use-second-factor-needed';
export type { Resource } from './use-account-resource';
export type { Account } from './api/account.types';
export type { AccountOutlet } from './layout/account-outlet';
export { getAccount } from './api/get-account';
