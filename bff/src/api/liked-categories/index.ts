/** The top-level categories a user cares about: picked after sign-up and in the account menu. */
export { likedCategoriesRoutes } from './routes';
export { likedCategoryIds } from './service';
