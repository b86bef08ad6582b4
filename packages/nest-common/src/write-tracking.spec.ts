import 'reflect-metadata';

import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';

import { Controller, type DynamicModule, type INestMicroservice, Module } from '@nestjs/common';
import { type ClientProxy, MessagePattern } from '@nestjs/microservices';
import { DomainError } from '@platform/contracts';
import { freePort } from '@platform/test-support';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { dropDatabase, ensureDatabase } from './database';
import { baseEnvShape, loadEnv } from './env';
import { callService } from './rpc';
import { listenAsService } from './service-main';
import { createRpcClient } from './transport';
import {
  afterWritesError,
  commandCommitted,
  noteWriteInDoubt,
  runAsCommand,
} from './write-tracking';

// A real service (listenAsService: transport, filters, interceptors) on a real database. Its handlers
// meet an outage (an error with a socket code, as a Redis or MySQL client raises it) before or after
// writing; only one that has committed nothing may be answered "temporarily unavailable" (503).

const base = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const databaseUrl = `${base}/t_writes_${process.pid}_${randomBytes(3).toString('hex')}`;
const dataSource = new DataSource({ type: 'mysql', url: databaseUrl });
const env = loadEnv(z.object(baseEnvShape), {
  NAMESPACE: `writes${process.pid}${randomBytes(2).toString('hex')}`,
  LOG_LEVEL: 'silent',
  RPC_TIMEOUT_MS: '5000',
});

/**
 * A TCP proxy to MariaDB that, once armed, lets the next COMMIT through and then cuts the client's
 * connection instead of passing the server's answer on: the transaction is committed, and its client
 * hears only that the connection was lost (as when MariaDB is killed between the two).
 */
async function commitAnswerCutter(target: URL) {
  const listenPort = await freePort();
  const sockets = new Set<Socket>();
  let armed = false;
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 3306), target.hostname);
    let cutOnAnswer = false;
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('data', (chunk: Buffer) => {
      // A COM_QUERY packet (command byte 3) whose text is COMMIT.
      if (armed && chunk.includes(Buffer.from('\x03COMMIT', 'latin1'))) {
        armed = false;
        cutOnAnswer = true;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (cutOnAnswer) client.destroy();
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    url: `mysql://root@127.0.0.1:${listenPort}${target.pathname}`,
    cutNextCommitAnswer: () => {
      armed = true;
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let cutter: Awaited<ReturnType<typeof commitAnswerCutter>>;
let viaCutter: DataSource;

function outage(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
}

const insertProbe = (
  runner: { query(sql: string, params: unknown[]): Promise<unknown> },
  name: string,
) => runner.query('INSERT INTO probe (name) VALUES (?)', [name]);

@Controller()
class ProbeController {
  @MessagePattern('probe.outage_first')
  async outageFirst(): Promise<never> {
    await dataSource.query('SELECT 1');
    throw outage();
  }

  @MessagePattern('probe.write_then_outage')
  async writeThenOutage(command: { name: string }): Promise<never> {
    await insertProbe(dataSource, command.name);
    throw outage();
  }

  @MessagePattern('probe.commit_then_outage')
  async commitThenOutage(command: { name: string }): Promise<never> {
    await dataSource.transaction((tx) => insertProbe(tx, command.name));
    throw outage();
  }

  @MessagePattern('probe.commit_answer_lost')
  async commitAnswerLost(command: { name: string }): Promise<string> {
    cutter.cutNextCommitAnswer();
    await viaCutter.transaction((tx) => insertProbe(tx, command.name));
    return 'the commit was answered';
  }

  @MessagePattern('probe.outage_inside_transaction')
  async outageInsideTransaction(command: { name: string }): Promise<never> {
    await dataSource.transaction(async (tx) => {
      await insertProbe(tx, command.name);
      throw outage();
    });
    throw new Error('unreachable');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

let app: INestMicroservice;
let client: ClientProxy;

async function answerOf(pattern: string, payload: Record<string, unknown>): Promise<DomainError> {
  return callService(client, pattern, payload, 10_000).then(
    () => {
      throw new Error(`${pattern} answered`);
    },
    (error: unknown) => error as DomainError,
  );
}

async function probes(name: string): Promise<number> {
  const [row] = await dataSource.query('SELECT COUNT(*) AS n FROM probe WHERE name = ?', [name]);
  return Number(row.n);
}

beforeAll(async () => {
  await ensureDatabase(databaseUrl);
  await dataSource.initialize();
  await dataSource.query(
    'CREATE TABLE probe (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(64))',
  );
  cutter = await commitAnswerCutter(new URL(databaseUrl));
  viaCutter = new DataSource({ type: 'mysql', url: cutter.url });
  await viaCutter.initialize();
  app = await listenAsService({ module: ProbeModule } as DynamicModule, env, 'probe');
  client = createRpcClient(env);
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.close();
  await app?.close();
  await viaCutter?.destroy();
  await cutter?.close();
  await dataSource.destroy();
  await dropDatabase(databaseUrl);
});

describe('an outage met by a command', () => {
  it('should be "temporarily unavailable" when nothing was committed', async () => {
    expect(await answerOf('probe.outage_first', {})).toMatchObject({
      key: 'http.unavailable',
      code: 503,
    });
    const rolledBack = await answerOf('probe.outage_inside_transaction', { name: 'rolled-back' });
    expect(rolledBack).toMatchObject({ key: 'http.unavailable', code: 503 });
    expect(await probes('rolled-back')).toBe(0);
  });

  it('should be "outcome unknown" after a write outside a transaction', async () => {
    const answer = await answerOf('probe.write_then_outage', { name: 'autocommit' });
    expect(answer).toMatchObject({ key: 'http.outcome_unknown', code: 504 });
    expect(await probes('autocommit')).toBe(1);
  });

  it('should be "outcome unknown" after a committed transaction', async () => {
    const answer = await answerOf('probe.commit_then_outage', { name: 'committed' });
    expect(answer).toMatchObject({ key: 'http.outcome_unknown', code: 504 });
    expect(await probes('committed')).toBe(1);
  });

  it('should be "outcome unknown" when the answer to its COMMIT was lost', async () => {
    const answer = await answerOf('probe.commit_answer_lost', { name: 'answer-lost' });
    expect(answer).toMatchObject({ key: 'http.outcome_unknown', code: 504 });
    // The server did commit it: "temporarily unavailable" would have been a lie.
    expect(await probes('answer-lost')).toBe(1);
  });

  it('should not run the command again for a prompt retry with the same Idempotency-Key', async () => {
    const command = { name: 'keyed', idempotencyKey: 'k-1', caller: { userId: 7 } };
    expect(await answerOf('probe.commit_then_outage', command)).toMatchObject({ code: 504 });
    const retry = await answerOf('probe.commit_then_outage', command);
    expect(retry).toMatchObject({ key: 'request.idempotency_in_progress' });
    expect(await probes('keyed')).toBe(1);
  }, 20_000);

  it('should keep each command its own record when commands interleave', async () => {
    const answers = await Promise.all([
      answerOf('probe.outage_first', {}),
      answerOf('probe.commit_then_outage', { name: 'interleaved' }),
      answerOf('probe.outage_first', {}),
    ]);
    expect(answers.map((a) => a.code)).toEqual([503, 504, 503]);
  });
});

describe('a change in the process engine whose answer was lost', () => {
  it('should turn a later "unavailable, try again" into "outcome unknown"', () => {
    const answer = runAsCommand(() => {
      noteWriteInDoubt();
      return afterWritesError(
        new DomainError('bpm.engine_unavailable', {}, 503),
        commandCommitted(),
      );
    });
    expect(answer).toMatchObject({ key: 'http.outcome_unknown', code: 504 });
  });

  it('should leave "unavailable, try again" as it is when no change was in doubt', () => {
    const unavailable = new DomainError('bpm.engine_unavailable', {}, 503);
    const answer = runAsCommand(() => afterWritesError(unavailable, commandCommitted()));
    expect(answer).toBe(unavailable);
  });
});
