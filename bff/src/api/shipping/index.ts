export { shippingRoutes } from './routes';
export {
  oneLine,
  originOf,
  quotedRate,
  shippableListing,
  shippingAddressOf,
  stateCode,
  RATE_VALID_MS,
  cheapestLegRate,
} from './service';
export { shippingRepo, type AddressLine, type RateRow, type ShippableListing } from './repo';
