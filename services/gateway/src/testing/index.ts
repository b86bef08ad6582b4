export * from './auth-helpers';
export * from './stack';
export * from './sse';
