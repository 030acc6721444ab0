export { feesRoutes } from './routes';
export { feeQuote, feeSettings, saveFeeSettings } from './service';
