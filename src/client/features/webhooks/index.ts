/** The webhooks feature's public face: what the app and other features may use of it (eslint enforces this door). */
export { WebhooksManager } from './manager/WebhooksManager';
