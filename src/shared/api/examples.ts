/**
 * Values for the examples of the OpenAPI document: well-formed (the contract test checks every example against its
 * schema), and made by the real crypto, so a reader sees what a client really sends.
 */
export const EXAMPLE = {
  id: 'xh72IxT184XCc1BI-pbn4g',
  deleteToken: 'hEYH7DCpwVxt8madmqC0RjQdAJUcM00L7LMjxevoDuY',
  keyProof: '_q3Adl0rWMfxcM-2BMIVO97NbXD3472PDrS7V8EFmMQ',
  /** "The vault code is 4711", sealed with the key nLVPr9FKeofhtu1myDE44gYHYkcl6Ooaa1U2vTEhoXQ. */
  text: 'hush1.AQDx195rTTJUL9U0QmQ_tYhwcpYK8Ub71Hq50opcC2KqeNbw6Grsb-ycCcxyvlk4wzBLqw',
  createdAt: '2026-01-01T12:00:00.000Z',
  expiresAt: '2026-01-02T12:00:00.000Z',
} as const;
