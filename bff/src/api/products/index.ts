/** Listings as their owners write them: upload, edit, delete, the owner's own list, and status moves. */
export { productsRoutes } from './routes';
export { productIdParam } from './service';
export { moveListing } from './status';
export { productsRepo } from './repo';
