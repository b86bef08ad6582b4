import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  CamundaRestClient,
  createEngine,
  type EmbeddedEngine,
  type EngineServer,
  startEngineServer,
} from '@platform/engine';
import { parseMysqlUrl } from '@platform/nest-common';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';

/**
 * The process engine this service deploys to: a real Camunda 7 / Operaton at ENGINE_URL, or else the
 * embedded engine, started here with its REST API served like Camunda's (so agent workers use the
 * real external-task client against either). Callers only ever see the REST client.
 */
@Injectable()
export class EngineConnection implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(EngineConnection.name);
  private embedded: { engine: EmbeddedEngine; server: EngineServer } | null = null;
  private restClient: CamundaRestClient | null = null;

  constructor(@Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv) {}

  get client(): CamundaRestClient {
    if (!this.restClient) throw new Error('the process engine is not connected yet');
    return this.restClient;
  }

  async onModuleInit(): Promise<void> {
    if (this.env.ENGINE_URL) {
      this.restClient = new CamundaRestClient({ baseUrl: this.env.ENGINE_URL });
      this.logger.log(`process engine: Camunda REST at ${this.env.ENGINE_URL}`);
      return;
    }
    const mysql = parseMysqlUrl(this.env.ENGINE_DB_URL ?? this.env.WORKFLOW_DB_URL);
    const engine = await createEngine({
      mysql,
      onError: (error) => this.logger.error(`embedded engine: ${String(error)}`),
    });
    const server = await startEngineServer({
      engine,
      host: this.env.ENGINE_HOST,
      port: this.env.ENGINE_PORT,
    });
    this.embedded = { engine, server };
    this.restClient = new CamundaRestClient({ baseUrl: server.url });
    this.logger.log(`process engine: embedded, Camunda REST at ${server.url}`);
  }

  /** UP when the engine's REST API answers. */
  async status(): Promise<'UP' | 'DOWN'> {
    if (!this.restClient) return 'DOWN';
    return this.restClient
      .version()
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.embedded) return;
    const { engine, server } = this.embedded;
    this.embedded = null;
    await server.close();
    await engine.close();
  }
}
