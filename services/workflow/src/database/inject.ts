import { InjectDataSource } from '@nestjs/typeorm';

/**
 * The name of this service's TypeORM data source. Named, because tests run several services in one
 * process and @nestjs/typeorm keeps data sources in one process-wide registry by name.
 */
export const WORKFLOW_DB = 'workflow';

export const InjectWorkflowDb = () => InjectDataSource(WORKFLOW_DB);
