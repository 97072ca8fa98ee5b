import type { RouteContract } from '../shared/api/contract.js';
import { apiRoutes } from '../shared/api/index.js';
import { withSecondFactorRefusal } from '../shared/api/second-factor.js';

/**
 * Every route the public API publishes, for the OpenAPI document and the contract test; with the refusal a
 * cross-cutting rule adds to most routes (the second factor an instance may require), declared once.
 */
export const API_ROUTES: RouteContract[] = Object.values(apiRoutes).map(withSecondFactorRefusal);
