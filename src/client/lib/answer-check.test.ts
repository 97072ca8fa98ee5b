import { describe, expect, it } from 'vitest';
import { AnswerMismatch, checkAnswer } from './answer-check';

describe('answers checked against the contracts (development and tests)', () => {
  const id = 'AbCdEfGhIjKlMnOpQrStUv';
  const status = {
    id,
    maxViews: 1,
    viewsLeft: 1,
    preventBurn: false,
    isPublic: false,
    requiresKeyProof: true,
    expiresAt: '2026-01-01T00:00:00.000Z',
  };

  it('lets an answer of the contract’s shape through, found by method and path', () => {
    expect(() => checkAnswer('GET', `/secret/${id}/exist`, 200, status)).not.toThrow();
  });

  it('names the route, the status and the field when an answer is of another shape', () => {
    expect(() => checkAnswer('GET', `/secret/${id}/exist`, 200, { ...status, viewsLeft: 'x' })).toThrow(
      new AnswerMismatch('GET /secret/{id}/exist 200: viewsLeft: Invalid input: expected number, received string'),
    );
    expect(() => checkAnswer('GET', '/secret/x/exist', 299, status)).toThrow(/does not answer 299/);
    expect(() => checkAnswer('PATCH', '/secret/x', 200, {})).toThrow(/no route of the API contracts/);
  });
});
