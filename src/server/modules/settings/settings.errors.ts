import { httpError } from '../../http/errors.js';
import type { SettingName } from '../../../shared/rules/settings.js';

export const settingsManaged = (names: SettingName[]) =>
  httpError(403, 'settings.managed', { settings: names }, `Managed by the server’s environment: ${names.join(', ')}`);
