/**
 * @simplewebauthn/server, loaded by the first passkey call instead of at start: it was a third of the server's
 * import time (0.28 of 0.95 s), which every start and every test file paid, and most instances see few passkey calls.
 */
export const webauthn = () => import('@simplewebauthn/server');
