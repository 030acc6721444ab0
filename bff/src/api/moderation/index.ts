/** Moderation (issue 34): the queues of reported listings, reviews and users, and what staff do about them. */
export { moderationRoutes } from './routes';
