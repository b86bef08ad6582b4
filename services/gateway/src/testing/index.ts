export * from './auth-helpers';
export * from './sse';
export * from './stack';
