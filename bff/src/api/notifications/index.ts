/** What users are told: the unread count now; writing, listing and reading them with the chat issue. */
export { notificationsRoutes } from './routes';
