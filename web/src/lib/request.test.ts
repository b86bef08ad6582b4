import { beforeEach, describe, expect, it } from 'vitest';

import { json, useApiServer } from '../../test-utils/api-server';
import { sessionStore, setToken } from './auth';
import {
  checkRepeatSubmit,
  configureRequest,
  type NoticeKind,
  request,
  requestBlob,
  RequestError,
  requestStream,
  toQueryString,
} from './request';

const server = useApiServer();
let notices: { kind: NoticeKind; message: string }[];
let signedOut: number;

beforeEach(() => {
  notices = [];
  signedOut = 0;
  sessionStore.set({ user: null, roles: [], permissions: [], routes: [] });
  configureRequest({
    baseUrl: server().base,
    notify: (kind, message) => notices.push({ kind, message }),
    onUnauthorized: () => (signedOut += 1),
  });
});

describe('request', () => {
  it('should send the bearer token unless isToken is false', async () => {
    setToken('tok-1');
    await request('/getInfo');
    await request('/captchaImage', { isToken: false });
    expect(server().seen[0]!.headers.authorization).toBe('Bearer tok-1');
    expect(server().seen[1]!.headers.authorization).toBeUndefined();
  });

  it('should send TENANT-ID only when the user has a company', async () => {
    await request('/a');
    sessionStore.set((s) => ({ ...s, user: { companyId: 7 } as never }));
    await request('/b');
    expect(server().seen[0]!.headers['tenant-id']).toBeUndefined();
    expect(server().seen[1]!.headers['tenant-id']).toBe('7');
  });

  it('should put GET params in the URL and leave out empty ones', async () => {
    await request('/system/user/list', { params: { pageNum: 1, name: 'a b', empty: '', x: null } });
    expect(server().seen[0]!.url).toBe('/prod-api/system/user/list?pageNum=1&name=a%20b');
    expect(toQueryString({ params: { beginTime: '2024' } })).toBe('params%5BbeginTime%5D=2024');
  });

  it('should send the language header', async () => {
    await request('/x');
    expect(server().seen[0]!.headers.lang).toBe('en');
  });

  it('should resolve the envelope when code is 200', async () => {
    server().on('/ok', (_req, res) => json(res, { code: 200, msg: 'fine', data: { n: 1 } }));
    const body = await request<{ n: number }>('/ok');
    expect(body.data).toEqual({ n: 1 });
    expect(notices).toEqual([]);
  });

  it('should sign out and reject with the login-expired message on code 401', async () => {
    server().on('/getInfo', (_req, res) => json(res, { code: 401, msg: 'no' }, 401));
    const failure = request('/getInfo');
    await expect(failure).rejects.toThrow('Login expired, you can stay on this page or re-login');
    expect(signedOut).toBe(1);
    expect(notices[0]!.kind).toBe('error');
  });

  it('should show the server message as an error on code 500', async () => {
    server().on('/boom', (_req, res) => json(res, { code: 500, msg: 'Unrecognized company code' }));
    await expect(request('/boom')).rejects.toBeInstanceOf(RequestError);
    expect(notices).toEqual([{ kind: 'error', message: 'Unrecognized company code' }]);
  });

  it('should show a warning on code 601', async () => {
    server().on('/warn', (_req, res) => json(res, { code: 601, msg: 'careful' }));
    await expect(request('/warn')).rejects.toMatchObject({ code: 601 });
    expect(notices).toEqual([{ kind: 'warning', message: 'careful' }]);
  });

  it('should prefer the code table over the server message (403) and fall back to the default', async () => {
    server().on('/forbidden', (_req, res) => json(res, { code: 403, msg: 'nope' }, 403));
    server().on('/odd', (_req, res) => json(res, { code: 502, msg: '' }));
    await expect(request('/forbidden')).rejects.toThrow('Current operation has no permission');
    await expect(request('/odd')).rejects.toThrow(
      'System unknown error, please report to the administrator',
    );
  });

  it('should not notify when silent', async () => {
    server().on('/quiet', (_req, res) =>
      json(res, { code: 500, msg: 'Incorrect account or password' }),
    );
    await expect(request('/quiet', { silent: true })).rejects.toThrow(
      'Incorrect account or password',
    );
    expect(notices).toEqual([]);
  });

  it('should send repeatSubmit: false as a header', async () => {
    await request('/login', { method: 'POST', data: { a: 1 }, repeatSubmit: false });
    expect(server().seen[0]!.headers.repeatsubmit).toBe('false');
    expect(JSON.parse(server().seen[0]!.body)).toEqual({ a: 1 });
  });
});

describe('duplicate-submit guard', () => {
  it('should reject the same POST body within 1000 ms and let a different one through', async () => {
    await request('/save', { method: 'POST', data: { name: 'x' } });
    await expect(request('/save', { method: 'POST', data: { name: 'x' } })).rejects.toThrow(
      'Data processing, please do not resubmit',
    );
    await request('/save', { method: 'POST', data: { name: 'y' } });
    expect(server().seen.map((r) => r.body)).toEqual(['{"name":"x"}', '{"name":"y"}']);
  });

  it('should let the same body through once the 1000 ms window has passed', () => {
    checkRepeatSubmit('/u', '{}');
    expect(() => checkRepeatSubmit('/u', '{}')).toThrow(RequestError);
    const stored = JSON.parse(window.sessionStorage.getItem('wujie-sessionObj')!);
    stored.content.time -= 1001;
    window.sessionStorage.setItem('wujie-sessionObj', JSON.stringify(stored));
    expect(() => checkRepeatSubmit('/u', '{}')).not.toThrow();
  });

  it('should skip bodies of 5 MB or more', () => {
    const big = 'x'.repeat(5 * 1024 * 1024);
    checkRepeatSubmit('/big', big);
    expect(() => checkRepeatSubmit('/big', big)).not.toThrow();
  });

  it('should not guard a repeated request marked repeatSubmit false', async () => {
    await request('/p', { method: 'PUT', data: { a: 1 }, repeatSubmit: false });
    await request('/p', { method: 'PUT', data: { a: 1 }, repeatSubmit: false });
    expect(server().seen).toHaveLength(2);
  });
});

describe('requestBlob', () => {
  it('should return the file, or show the JSON error the server sent instead', async () => {
    server().on('/common/download', (req, res) => {
      if (req.url.includes('fileName=ok')) {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end('file-bytes');
      } else json(res, { code: 500, msg: 'File missing' });
    });
    const blob = await requestBlob('/common/download', { params: { fileName: 'ok' } });
    expect(await blob.text()).toBe('file-bytes');
    await expect(requestBlob('/common/download', { params: { fileName: 'gone' } })).rejects.toThrow(
      'File missing',
    );
    expect(notices).toEqual([{ kind: 'error', message: 'File missing' }]);
  });
});

describe('requestStream', () => {
  it('should resolve with the streamed answer, asking for event-stream', async () => {
    server().on('/stream', (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('event: delta\ndata: {"text":"hi"}\n\n');
    });
    const response = await requestStream('/stream', { method: 'POST', data: { content: 'q' } });
    expect(await response.text()).toBe('event: delta\ndata: {"text":"hi"}\n\n');
    expect(server().seen[0]!.headers.accept).toBe('text/event-stream');
    expect(server().seen[0]!.body).toBe('{"content":"q"}');
  });

  it('should reject with the notice of an envelope answered instead of a stream', async () => {
    server().on('/stream', (_req, res) => json(res, { code: 500, msg: 'Submission failed' }));
    await expect(requestStream('/stream', { method: 'POST', data: {} })).rejects.toThrow(
      'Submission failed',
    );
    expect(notices).toEqual([{ kind: 'error', message: 'Submission failed' }]);
  });

  it('should reject a cancelled request without a notice', async () => {
    server().on('/slow', () => undefined);
    const cancel = new AbortController();
    const pending = requestStream('/slow', { method: 'POST', data: {}, signal: cancel.signal });
    cancel.abort();
    await expect(pending).rejects.toThrow();
    expect(notices).toEqual([]);
  });
});

describe('retries while the service is unavailable (issue 19)', () => {
  let outage: (string | null)[];
  beforeEach(() => {
    outage = [];
    configureRequest({ onOutage: (message) => outage.push(message) });
  });

  it('should retry a read answered 503 until it gets through, with a retryable notice, not an error', async () => {
    let calls = 0;
    server().on('/system/user/list', (_req, res) => {
      calls += 1;
      if (calls < 3) json(res, { code: 503, msg: 'temporarily unavailable' }, 503);
      else json(res, { code: 200, msg: 'ok', rows: [], total: 0 });
    });
    const body = await request('/system/user/list');
    expect(body.code).toBe(200);
    expect(calls).toBe(3);
    expect(outage).toEqual(['temporarily unavailable', 'temporarily unavailable', null]);
    expect(notices).toEqual([]);
  });

  it('should send one Idempotency-Key per change and the same one on its own retries', async () => {
    let calls = 0;
    server().on('/system/user', (_req, res) => {
      calls += 1;
      if (calls === 1) json(res, { code: 504, msg: 'outcome unknown' }, 504);
      else json(res, { code: 200, msg: 'ok', data: { userId: 5 } });
    });
    await request('/system/user', { method: 'POST', data: { userName: 'a' } });
    await request('/system/user', { method: 'POST', data: { userName: 'b' } });
    const keys = server().seen.map((seen) => seen.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    // Reads carry none.
    await request('/getInfo');
    expect(server().seen[3]!.headers['idempotency-key']).toBeUndefined();
  });

  it('should give up after its retries with a warning, and leave refusals alone', async () => {
    server().on('/down', (_req, res) => json(res, { code: 503, msg: 'still down' }, 503));
    await expect(request('/down')).rejects.toThrow('still down');
    expect(server().seen).toHaveLength(4);
    expect(notices).toEqual([{ kind: 'warning', message: 'still down' }]);
    expect(outage.at(-1)).toBeNull();
    server().on('/refused', (_req, res) => json(res, { code: 500, msg: 'no' }));
    await expect(request('/refused', { method: 'POST', data: {} })).rejects.toThrow('no');
    expect(server().seen).toHaveLength(5);
  });
});
