import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CamundaRestClient, engineAuthorization, EngineCredentials } from '@platform/engine-client';
import { BasicAuthInterceptor, Client, Interceptor, logger } from 'camunda-external-task-client-js';
import { inject } from 'vitest';

import { createEngine, EmbeddedEngine, EngineServer, startEngineServer } from '../../src';

let workerCount = 0;

/** What every test engine requires: HTTP basic as `engine-test`, or the bearer token. */
export const TEST_AUTH: EngineCredentials = {
  user: 'engine-test',
  password: 'Test-engine-password-1234567890-abcdef',
  token: 'test-engine-token-abcdefghijklmnopqrstuvwxyz',
};

/** Headers that sign a raw `fetch` in as the test user (HTTP basic). */
export const AUTH_HEADERS = { Authorization: engineAuthorization(TEST_AUTH)! };

/** The real client's own basic-auth interceptor with the test credentials. */
export const basicAuth = (): Interceptor =>
  new BasicAuthInterceptor({ username: TEST_AUTH.user, password: TEST_AUTH.password! });

/** A BPMN fixture from test/fixtures. */
export const fixture = (name: string): string =>
  readFileSync(join(__dirname, '..', 'fixtures', `${name}.bpmn`), 'utf8');

/** A running engine + HTTP server on a free port, restartable on the same database. */
export class EngineHarness {
  engine!: EmbeddedEngine;
  server!: EngineServer;
  client!: CamundaRestClient;
  private readonly workers: { client: Client; workerId: string; polling: boolean }[] = [];

  static async start(): Promise<EngineHarness> {
    const harness = new EngineHarness();
    await harness.boot(0);
    return harness;
  }

  get url(): string {
    return this.server.url;
  }

  private async boot(port: number): Promise<void> {
    this.engine = await createEngine({ mysql: inject('mysql'), timerPollInterval: 500 });
    this.server = await startEngineServer({ engine: this.engine, port, auth: TEST_AUTH });
    this.client = new CamundaRestClient({ baseUrl: this.server.url, auth: TEST_AUTH });
  }

  private port = 0;

  /** Stops workers, server and engine; the database keeps everything. */
  async stop(): Promise<void> {
    this.port = Number(new URL(this.url).port);
    await this.stopWorkers();
    await this.server.close();
    await this.engine.close();
  }

  /** Boots a fresh engine and server on the same port and database. */
  async resume(): Promise<void> {
    await this.boot(this.port);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.resume();
  }

  /**
   * A real camunda-external-task-client-js worker against this engine, signed in with the client's
   * BasicAuthInterceptor unless `interceptors` says otherwise (`[]`: none).
   */
  worker(
    options: {
      workerId?: string;
      asyncResponseTimeout?: number;
      maxTasks?: number;
      interceptors?: Interceptor[];
    } = {},
  ): Client {
    const workerId = options.workerId ?? `worker-${++workerCount}`;
    const client = new Client({
      baseUrl: this.url,
      workerId,
      asyncResponseTimeout: options.asyncResponseTimeout ?? 10_000,
      interval: 20,
      maxTasks: options.maxTasks ?? 10,
      lockDuration: 20_000,
      // The client refuses an empty list: no interceptors is `undefined`.
      interceptors:
        options.interceptors?.length === 0 ? undefined : (options.interceptors ?? [basicAuth()]),
      use: process.env.ENGINE_TEST_LOG ? logger : undefined,
    });
    const entry = { client, workerId, polling: false };
    client.on('poll:start', () => (entry.polling = true));
    client.on('poll:success', () => (entry.polling = false));
    client.on('poll:error', () => (entry.polling = false));
    this.workers.push(entry);
    return client;
  }

  async stopWorkers(): Promise<void> {
    // A stopped client still has its last poll in flight (and would run what it returns): answer
    // it and wait for it, so it cannot take the next test's tasks.
    for (const worker of this.workers.splice(0)) {
      worker.client.stop();
      while (worker.polling) {
        this.engine.longPoll.cancelWorker(worker.workerId);
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  }

  async deploy(name: string, xml: string) {
    return this.client.deploy({
      deploymentName: name,
      resources: [{ name: `${name}.bpmn`, content: xml }],
    });
  }

  async close(): Promise<void> {
    await this.stopWorkers();
    await this.server.close();
    await this.engine.close();
  }
}

/** Polls `check` until it returns a value other than undefined (test helper, not a timing assertion). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves once the instance is in history as COMPLETED (or another final state). */
export async function finished(client: CamundaRestClient, id: string, timeoutMs = 20_000) {
  return eventually(async () => {
    const [h] = await client.historicProcessInstances({ processInstanceId: id });
    return h && h.state !== 'ACTIVE' ? h : undefined;
  }, timeoutMs);
}
