/** What production builds use for answer-check.ts (vite.config.ts): no check, no contracts, no zod. */
export function checkAnswer(_method: string, _path: string, _status: number, _body: unknown): void {}
