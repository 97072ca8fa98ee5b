/** The activity feature's public face: what the app and other features may use of it (eslint enforces this door). */
export { EventTypeChoices } from './event-types/EventTypeChoices';
export { useEventTypeLabel } from './event-types/event-type-label';
export { NotificationsSection } from './notifications/NotificationsSection';
export { useActivityUnread, useActivityUnreadCount } from './unread/activity-unread';
