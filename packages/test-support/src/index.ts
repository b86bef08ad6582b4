export * from './polling';
export * from './ports';
export * from './processes';
