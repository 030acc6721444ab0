export * from './messages';
export * from './rules';
export * from './status';
export * from './types';
export * from './format';
export * from './routes';
export * from './listing';
export * from './endpoints';
