/** What users are told: notifications written from domain events, their list, unread count and reading. */
export { notificationsRoutes } from './routes';
export { notificationHandlers, type NotificationDeps } from './handlers';
