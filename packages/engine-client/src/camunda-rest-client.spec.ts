import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import {
  CamundaRestClient,
  CamundaRestError,
  engineAuthInterceptor,
  engineAuthorization,
  mayHaveReachedEngine,
} from './camunda-rest-client';

interface SentRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers with the given status and body text. */
function fakeFetch(status = 200, text = '') {
  const sent: SentRequest[] = [];
  const fetchFn = (async (input: URL, init: RequestInit) => {
    sent.push({
      method: String(init.method),
      url: input,
      headers: init.headers as Record<string, string>,
      body: init.body,
    });
    return new Response(text || null, { status });
  }) as unknown as typeof fetch;
  return { sent, fetchFn };
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

describe(engineAuthorization.name, () => {
  it('should send basic when a password is set and the token otherwise', () => {
    expect(engineAuthorization({ user: 'u', password: 'p', token: 't' })).toBe(basic('u', 'p'));
    expect(engineAuthorization({ user: 'u', token: 't' })).toBe('Bearer t');
    expect(engineAuthorization({ user: 'u' })).toBeUndefined();
    expect(engineAuthorization(undefined)).toBeUndefined();
  });
});

describe(engineAuthInterceptor.name, () => {
  it('should add the authorization header beside the headers already set', () => {
    const sut = engineAuthInterceptor({ user: 'u', token: 't' });
    expect(sut({ headers: { Accept: 'application/json' } }).headers).toEqual({
      Accept: 'application/json',
      Authorization: 'Bearer t',
    });
  });

  it('should leave the request alone when there is no secret', () => {
    const config = { headers: { Accept: 'application/json' } };
    expect(engineAuthInterceptor({ user: 'u' })(config)).toBe(config);
  });
});

describe(CamundaRestClient.name, () => {
  it('should send the credentials and the query, without undefined parameters', async () => {
    const { sent, fetchFn } = fakeFetch(200, '[]');
    const sut = new CamundaRestClient({
      baseUrl: 'http://engine.test/engine-rest/',
      auth: { user: 'u', password: 'p' },
      fetch: fetchFn,
    });

    await sut.tasks({ processInstanceId: 'pi', maxResults: 5, assignee: undefined });

    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('GET');
    expect(sent[0].url.toString()).toBe(
      'http://engine.test/engine-rest/task?processInstanceId=pi&maxResults=5',
    );
    expect(sent[0].headers).toEqual({ Accept: 'application/json', Authorization: basic('u', 'p') });
  });

  it('should send a JSON body and encode the ids in the path', async () => {
    const { sent, fetchFn } = fakeFetch(204);
    const sut = new CamundaRestClient({
      baseUrl: 'http://engine.test/engine-rest',
      fetch: fetchFn,
    });

    const answer = await sut.claimTask('a/b', 'alice');

    expect(answer).toBeUndefined();
    expect(sent[0].url.pathname).toBe('/engine-rest/task/a%2Fb/claim');
    expect(sent[0].headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(sent[0].body))).toEqual({ userId: 'alice' });
  });

  it('should deploy the resources as multipart form fields', async () => {
    const { sent, fetchFn } = fakeFetch(200, '{"id":"d1"}');
    const sut = new CamundaRestClient({
      baseUrl: 'http://engine.test/engine-rest',
      fetch: fetchFn,
    });

    const deployment = await sut.deploy({
      deploymentName: 'order',
      enableDuplicateFiltering: true,
      resources: [{ name: 'order.bpmn', content: '<definitions/>' }],
    });

    expect(deployment).toEqual({ id: 'd1' });
    const form = sent[0].body as FormData;
    expect(form.get('deployment-name')).toBe('order');
    expect(form.get('enable-duplicate-filtering')).toBe('true');
    expect(form.has('deploy-changed-only')).toBe(false);
    expect(await (form.get('order.bpmn') as Blob).text()).toBe('<definitions/>');
  });

  it("should throw the engine's error body as a CamundaRestError", async () => {
    const body = { type: 'InvalidRequestException', message: 'no such task', code: null };
    const { fetchFn } = fakeFetch(404, JSON.stringify(body));
    const sut = new CamundaRestClient({
      baseUrl: 'http://engine.test/engine-rest',
      fetch: fetchFn,
    });

    const error = (await sut.getTask('t1').catch((e: unknown) => e)) as CamundaRestError;

    expect(error).toBeInstanceOf(CamundaRestError);
    expect(error).toMatchObject({ status: 404, type: 'InvalidRequestException', body });
    expect(error.message).toBe('no such task');
  });

  it('should name the request when a failed answer has no body', async () => {
    const { fetchFn } = fakeFetch(502);
    const sut = new CamundaRestClient({
      baseUrl: 'http://engine.test/engine-rest',
      fetch: fetchFn,
    });

    const error = (await sut.version().catch((e: unknown) => e)) as CamundaRestError;

    expect(error).toMatchObject({ status: 502, type: 'HttpError', body: null });
    expect(error.message).toBe('GET /version failed with 502');
  });

  it('should find no process instance when the engine answers 404, and rethrow other errors', async () => {
    const gone = new CamundaRestClient({
      baseUrl: 'http://engine.test/engine-rest',
      fetch: fakeFetch(404, '{"type":"InvalidRequestException","message":"gone"}').fetchFn,
    });
    const broken = new CamundaRestClient({
      baseUrl: 'http://engine.test/engine-rest',
      fetch: fakeFetch(500, '{"type":"ProcessEngineException","message":"down"}').fetchFn,
    });

    expect(await gone.findProcessInstance('pi')).toBeNull();
    await expect(broken.findProcessInstance('pi')).rejects.toMatchObject({ status: 500 });
  });
});

describe('a change whose answer is lost', () => {
  /**
   * A real HTTP server standing in for the engine: it reads each request whole, then cuts the
   * connection without answering (the engine node killed after it committed), or answers `status`.
   */
  async function engineThat(answer: 'cut' | number) {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (answer === 'cut') req.socket.destroy();
        else res.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { server, baseUrl: `http://127.0.0.1:${port}/engine-rest` };
  }

  function clientOf(baseUrl: string) {
    const doubts: string[] = [];
    const client = new CamundaRestClient({
      baseUrl,
      onWriteInDoubt: (method, path) => doubts.push(`${method} ${path}`),
    });
    return { client, doubts };
  }

  it('should tell that a completion is in doubt when the connection breaks after it was sent', async () => {
    const engine = await engineThat('cut');
    const { client, doubts } = clientOf(engine.baseUrl);
    try {
      const cut = await client.completeTask('t1', {}).catch((error: unknown) => error);
      expect(cut).toBeInstanceOf(Error);
      expect(doubts).toEqual(['POST /task/t1/complete']);
      expect(mayHaveReachedEngine(cut)).toBe(true);
    } finally {
      engine.server.close();
    }
  });

  it('should not tell it of a query cut off, or of a change that never left', async () => {
    const engine = await engineThat('cut');
    const { client, doubts } = clientOf(engine.baseUrl);
    await expect(client.queryTasks({ assignee: 'u1' })).rejects.toThrow();
    await expect(client.queryTaskCount({ assignee: 'u1' })).rejects.toThrow();
    engine.server.close();
    await new Promise((resolve) => engine.server.on('close', resolve));
    // Nothing listens any more: connection refused, the request was never sent.
    const refused = await client.completeTask('t1', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(doubts).toEqual([]);
    expect(mayHaveReachedEngine(refused)).toBe(false);
  });

  it("should tell it of a proxy's 504 or 502, not of the engine's own 500 (its transaction rolled back)", async () => {
    for (const [status, expected] of [
      [504, ['DELETE /process-instance/p1']],
      [502, ['DELETE /process-instance/p1']],
      [500, []],
    ] as const) {
      const engine = await engineThat(status);
      const { client, doubts } = clientOf(engine.baseUrl);
      try {
        const failed = await client.deleteProcessInstance('p1').catch((error: unknown) => error);
        expect(failed).toMatchObject({ status });
        expect(doubts).toEqual(expected);
        expect(mayHaveReachedEngine(failed)).toBe(expected.length > 0);
      } finally {
        engine.server.close();
      }
    }
  });
});
