import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  createEngine,
  type EmbeddedEngine,
  type EngineServer,
  startEngineServer,
} from '@platform/engine';
import {
  CamundaRestClient,
  type EngineCredentials,
  engineCredentialsFromEnv,
  generateEngineSecret,
  hasEngineSecret,
} from '@platform/engine-client';
import { noteWriteInDoubt, parseMysqlUrl } from '@platform/nest-common';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';

/** How long a health check waits for the engine (the gateway waits 1 s for this service). */
const ENGINE_HEALTH_TIMEOUT_MS = 800;

/**
 * The process engine this service deploys to: a real Camunda 7 / Operaton at ENGINE_URL, or else the
 * embedded engine, started here with its REST API served like Camunda's (so agent workers use the
 * real external-task client against either). Callers only ever see the REST client, which sends
 * the configured credentials (ENGINE_USER/ENGINE_PASSWORD or ENGINE_TOKEN).
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

  /** Where the engine's REST API is (ENGINE_URL or the embedded one); null before init. */
  get url(): string | null {
    return this.env.ENGINE_URL ?? this.embedded?.server.url ?? null;
  }

  async onModuleInit(): Promise<void> {
    const auth = engineCredentialsFromEnv(this.env);
    if (this.env.ENGINE_URL) {
      this.restClient = new CamundaRestClient({
        baseUrl: this.env.ENGINE_URL,
        auth,
        onWriteInDoubt: noteWriteInDoubt,
      });
      this.logger.log(
        `process engine: Camunda REST at ${this.env.ENGINE_URL}${hasEngineSecret(auth) ? '' : ' (no ENGINE_PASSWORD or ENGINE_TOKEN to send)'}`,
      );
      return;
    }
    const mysql = parseMysqlUrl(this.env.ENGINE_DB_URL ?? this.env.WORKFLOW_DB_URL);
    const engine = await createEngine({
      mysql,
      onError: (error) => this.logger.error(`embedded engine: ${String(error)}`),
    });
    const serverAuth = this.embeddedCredentials(auth);
    const server = await startEngineServer({
      engine,
      auth: serverAuth,
      host: this.env.ENGINE_HOST,
      port: this.env.ENGINE_PORT,
    });
    this.embedded = { engine, server };
    this.restClient = new CamundaRestClient({
      baseUrl: server.url,
      auth: serverAuth,
      onWriteInDoubt: noteWriteInDoubt,
    });
    this.logger.log(`process engine: embedded, Camunda REST at ${server.url}`);
  }

  /**
   * The embedded engine never serves its REST API without credentials. Production has them (the env
   * check refuses to start otherwise); elsewhere a missing one becomes a random password that only
   * this process knows, so nothing else can reach the engine until ENGINE_PASSWORD is set.
   */
  private embeddedCredentials(auth: EngineCredentials): EngineCredentials {
    if (hasEngineSecret(auth)) return auth;
    this.logger.log(
      'ENGINE_PASSWORD and ENGINE_TOKEN are unset: the embedded engine generated a random password for this process; set ENGINE_PASSWORD to let agent workers in',
    );
    return { ...auth, password: generateEngineSecret() };
  }

  /**
   * UP when the engine's REST API answers (with the credentials) within ENGINE_HEALTH_TIMEOUT_MS: a
   * hung engine (Operaton stopped, or its port held by something that never answers) reads DOWN
   * before the gateway's health check gives up on this service.
   */
  async status(): Promise<'UP' | 'DOWN'> {
    if (!this.restClient) return 'DOWN';
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'DOWN'>((resolve) => {
      timer = setTimeout(() => resolve('DOWN'), ENGINE_HEALTH_TIMEOUT_MS);
    });
    const answer = this.restClient
      .version()
      .then(() => 'UP' as const)
      .catch(() => 'DOWN' as const);
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.embedded) return;
    const { engine, server } = this.embedded;
    this.embedded = null;
    await server.close();
    await engine.close();
  }
}
