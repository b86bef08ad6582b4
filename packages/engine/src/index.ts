export { EngineEnvError, loadEngineEnv } from './config/engine-env';
export type { MysqlOptions } from './db/engine-database';
export type { EmbeddedEngine, EngineOptions } from './engine';
export { createEngine } from './engine';
export type { EngineServer, EngineServerOptions } from './http/engine-server';
export { startEngineServer } from './http/engine-server';
