import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, startStack, type TestStack } from '../support/stack';

// Issue 11 §4: the built web app as the gateway serves it, from a small dist laid out as Vite's build
// (with vite-plugin-compression2) writes it: each file with its .br and .gz copy.
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))};`;

function writeWithCopies(file: string, content: string): void {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came over the wire (still encoded). */
  body: Buffer;
}

/** A plain GET (no client that decodes on its own), to see the bytes the gateway sends. */
function wireGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web app served by the gateway', () => {
  let stack: TestStack;
  let dist: string;
  let port: number;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeWithCopies(join(dist, 'index.html'), INDEX);
    writeWithCopies(join(dist, 'assets', 'main-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    stack = await startStack([], { WEB_DIST: dist });
    await stack.app.listen(0, '127.0.0.1');
    port = (stack.app.getHttpServer().address() as AddressInfo).port;
  });
  afterAll(async () => {
    await stack.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (path: string, encoding: string, headers: Record<string, string> = {}) =>
    wireGet(port, path, { 'accept-encoding': encoding, ...headers });

  it('should send the brotli copy of a hashed asset to a client that takes br, cached as immutable', async () => {
    const res = await get('/assets/main-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('should send the gzip copy to a client without br, and the file itself to one without either', async () => {
    const gzipped = await get('/assets/main-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);
    const plain = await get('/assets/main-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should revalidate the HTML page, compressed, on any history-mode path', async () => {
    for (const path of ['/', '/login', '/system/user']) {
      const res = await get(path, 'br;q=1, gzip;q=0.5');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
    }
    const refused = await get('/login', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('should answer 304 to a reload of an unchanged HTML page', async () => {
    const first = await get('/login', 'br');
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get('/login', 'br', { 'if-none-match': String(etag) });
    expect(again.status).toBe(304);
  });

  it('should revalidate a file outside the hashed assets', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('should leave API responses uncached and the API out of the HTML fallback', async () => {
    const res = await api(stack).get('/prod-api/no-such-route');
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
