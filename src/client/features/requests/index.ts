/** The requests feature's public face: what the app and other features may use of it (eslint enforces this door). */
export { useUnreadCount } from './unread/use-unread-count';
