/** The settings feature's public face: what other features may use of it (eslint enforces this door). */
export { useSettingsStore } from './settings.store';
