import type { FastifyInstance } from 'fastify';
import { settingsRoutes as api } from '../../../shared/api/settings.contract.js';
import { addRoute } from '../../http/route.js';
import type { SettingsService } from './settings.service.js';

export function settingsRoutes(service: SettingsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, api.publicSettings, () => service.get());
  };
}
