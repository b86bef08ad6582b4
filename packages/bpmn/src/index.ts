export * from './build';
export * from './descriptors';
export * from './diagram';
export * from './graph';
export * from './keys';
export * from './labels';
export type { ModdleElement } from './moddle';
export * from './problems';
export * from './validators';
