export { addressesRoutes } from './routes';
export { findOwnAddress } from './service';
