/** The users table: every feature that needs a user's row reads it here. */
export { canonicalEmail, fullNameOf, toUser, usersRepo, type NewUser, type UserRow } from './repo';
