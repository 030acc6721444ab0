export { handleEvent, paymentsWebhook, WEBHOOK_PATH } from './webhook';
