export * from './auth-helpers';
export * from './stack';
