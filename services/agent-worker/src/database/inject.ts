import { InjectDataSource } from '@nestjs/typeorm';

/** Name of the worker's TypeORM data source (tests run several services in one process). */
export const AGENT_DB = 'agent';

export const InjectAgentDb = () => InjectDataSource(AGENT_DB);
