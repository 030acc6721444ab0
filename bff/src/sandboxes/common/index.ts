/** What the provider sandboxes (stripe/, shippo/) share: serving, the state file, signed webhook delivery. */
export { Deliveries, type Delivery, type DeliveryOptions } from './delivery';
export { listenSandbox, type ListenOptions, type StartedSandbox } from './server';
export { signatureHeader } from './signature';
export { JsonStateFile } from './state-file';
