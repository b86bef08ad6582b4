export * from './auth-helpers';
export * from './nest-structure';
export * from './operaton';
export * from './polling';
export * from './ports';
export * from './processes';
export * from './sse';
export * from './stack';
