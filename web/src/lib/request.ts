import { t } from '@lingui/core/macro';
import {
  API_BASE,
  type ApiResponse,
  type Language,
  renderRequestMessage,
  type RequestMessageKey,
  RESPONSE_CODES,
} from '@platform/contracts';

import { getToken, tenantId } from './auth';
import { deviceId } from './device-id';
import { currentLanguage } from './i18n';
import { readStore, STORAGE_KEYS, writeStore } from './storage';

// The request layer of spec §7/§8 on top of fetch. A client library would only add timeouts and query
// strings here; everything else (duplicate guard, code handling, blob errors) is this product's own rule,
// so a thin wrapper keeps the sign-in bundle small and the behaviour in one readable place.

export const REQUEST_TIMEOUT_MS = 100_000;
export const CAPTCHA_TIMEOUT_MS = 20_000;
export const REPEAT_WINDOW_MS = 1000;
export const REPEAT_SIZE_CAP = 5 * 1024 * 1024;
/**
 * Waits before retrying a request the server could not serve for now (503: temporarily unavailable,
 * 504: outcome unknown, 409: the same Idempotency-Key still in progress, or no answer at all): about
 * half a minute in all, longer when the server's Retry-After says so.
 */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 8000, 8000];
const MUTATIONS = new Set(['POST', 'PUT', 'DELETE']);

export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

export interface RequestHooks {
  /** Where `/prod-api` lives; tests point it at their own server. */
  baseUrl: string;
  /** Shows a notice to the user. */
  notify: (kind: NoticeKind, message: string) => void;
  /** Code 401: sign the user out and go to /index. */
  onUnauthorized: () => void;
  /**
   * A retryable notice while requests wait for the service to come back (the server's message), and
   * null once they got through: not an error page, the page recovers by itself.
   */
  onOutage: (message: string | null) => void;
  /** Pauses between retries (tests shorten them). */
  retryDelaysMs: readonly number[];
}

const hooks: RequestHooks = {
  baseUrl: API_BASE,
  notify: () => undefined,
  onUnauthorized: () => undefined,
  onOutage: () => undefined,
  retryDelaysMs: RETRY_DELAYS_MS,
};

export function configureRequest(next: Partial<RequestHooks>): void {
  Object.assign(hooks, next);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query parameters (always put in the URL). */
  params?: Record<string, unknown>;
  /** JSON body, or FormData / URLSearchParams sent as they are. */
  data?: unknown;
  /** false: no Authorization header (sign-in, captcha, register). */
  isToken?: boolean;
  /** false: skip the duplicate-submit guard and tell the server to skip its own. */
  repeatSubmit?: boolean;
  timeout?: number;
  headers?: Record<string, string>;
  /** Don't show a notice on failure (the caller shows its own). */
  silent?: boolean;
  /** Cancels the request (and the reading of a streamed answer); a cancelled request shows no notice. */
  signal?: AbortSignal;
  /**
   * The `Idempotency-Key` of a POST, PUT or DELETE; by default one is made per call and reused on its
   * own retries, so a retried submit is done once on the server.
   */
  idempotencyKey?: string | false;
  /** false: no automatic retry while the service is unavailable. */
  retry?: boolean;
}

/** A rejected request: `code` is the envelope code (or the HTTP status when there was no envelope). */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** Builds `a=1&b[c]=2`; empty values are left out (GET parameters go in the URL, spec §7). */
export function toQueryString(params: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null || value === '') return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [sub, inner] of Object.entries(value as Record<string, unknown>)) {
        add(`${key}[${sub}]`, inner);
      }
      return;
    }
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return parts.join('&');
}

function buildUrl(url: string, params?: Record<string, unknown>): string {
  const query = params ? toQueryString(params) : '';
  const joined = /^https?:/.test(url) ? url : hooks.baseUrl + url;
  if (!query) return joined;
  return joined + (joined.includes('?') ? '&' : '?') + query;
}

function bodyOf(data: unknown): { body?: BodyInit; json?: string } {
  if (data === undefined) return {};
  if (data instanceof FormData || data instanceof URLSearchParams || data instanceof Blob) {
    return { body: data };
  }
  const json = JSON.stringify(data);
  return { body: json, json };
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Duplicate-submit guard of spec §5: a POST or PUT with the same url and body as the previous one within
 * 1000 ms is rejected; bodies of 5 MB or more only log a warning.
 */
export function checkRepeatSubmit(url: string, data: string): void {
  if (byteLength(url) + byteLength(data) >= REPEAT_SIZE_CAP) {
    console.warn(`[${url}]: the request is 5 MB or more, the duplicate-submit check is skipped`);
    return;
  }
  const now = Date.now();
  const previous = readStore(STORAGE_KEYS.lastRequest) as
    { url: string; data: string; time: number } | undefined;
  if (
    previous &&
    typeof previous === 'object' &&
    previous.url === url &&
    previous.data === data &&
    now - previous.time < REPEAT_WINDOW_MS
  ) {
    const message = renderRequestMessage('request.duplicate', currentLanguage());
    console.warn(`[${url}]: ${message}`);
    throw new RequestError(message, RESPONSE_CODES.error);
  }
  writeStore({ name: STORAGE_KEYS.lastRequest, content: { url, data, time: now }, type: true });
}

const CODE_MESSAGES: Partial<Record<number, RequestMessageKey>> = {
  401: 'http.401',
  403: 'http.403',
  404: 'http.404',
};

/** Message for a failed envelope: the code table, else the server's msg, else the default (spec §8). */
export function messageFor(code: number, serverMsg: unknown, lang: Language): string {
  const key = CODE_MESSAGES[code];
  if (key) return renderRequestMessage(key, lang);
  if (typeof serverMsg === 'string' && serverMsg) return serverMsg;
  return renderRequestMessage('http.500', lang);
}

let signingOut = false;

function fail(code: number, message: string, options: RequestOptions, body?: unknown): never {
  if (code === RESPONSE_CODES.unauthorized) {
    const expired = renderRequestMessage('auth.login_expired', currentLanguage());
    // Several requests can fail together when a session ends; sign out and tell the user once.
    if (!signingOut) {
      signingOut = true;
      hooks.notify('error', expired);
      hooks.onUnauthorized();
      setTimeout(() => (signingOut = false), REPEAT_WINDOW_MS);
    }
    throw new RequestError(expired, code, body);
  }
  // "Not now" (unavailable, outcome unknown) is a warning to try again, not an error.
  const retryable = code === RESPONSE_CODES.unavailable || code === RESPONSE_CODES.outcomeUnknown;
  if (!options.silent) {
    hooks.notify(code === RESPONSE_CODES.warn || retryable ? 'warning' : 'error', message);
  }
  throw new RequestError(message, code, body);
}

function headersFor(options: RequestOptions, json: boolean): Headers {
  const headers = new Headers(options.headers);
  headers.set('lang', currentLanguage());
  const token = getToken();
  if (token && options.isToken !== false) headers.set('Authorization', `Bearer ${token}`);
  const tenant = tenantId();
  if (tenant !== null) headers.set('TENANT-ID', String(tenant));
  const device = deviceId();
  if (device) headers.set('X-Device-Id', device);
  if (options.repeatSubmit === false) headers.set('repeatSubmit', 'false');
  if (json) headers.set('Content-Type', 'application/json;charset=utf-8');
  return headers;
}

/** A new Idempotency-Key (random, 122 bits). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** Requests now waiting for the service to come back; the notice goes when the last one got through. */
const waiting = new Set<object>();

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** Whether an answer says "not now" rather than "no": worth the same request again shortly. */
function transient(response: Response, method: string): boolean {
  if (response.status === 503 || response.status === 504) return true;
  // The same Idempotency-Key is still being worked on: its answer comes with a later retry.
  return response.status === 409 && MUTATIONS.has(method);
}

async function outageMessage(response: Response | undefined): Promise<string> {
  try {
    const body = (await response?.clone().json()) as { msg?: unknown } | undefined;
    if (typeof body?.msg === 'string' && body.msg) return body.msg;
  } catch {
    // no envelope
  }
  return renderRequestMessage('http.unavailable', currentLanguage());
}

function retryAfterMs(response: Response | undefined): number {
  const seconds = Number(response?.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) * 1000 : 0;
}

/**
 * Sends a request. While the service is unavailable (503, 504, an Idempotency-Key in progress, or no
 * answer), a read, and a change carrying its Idempotency-Key, are sent again with back-off, with a
 * retryable notice meanwhile; the key makes a repeated change happen once.
 */
async function send(url: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const { body, json } = bodyOf(options.data);
  if ((method === 'POST' || method === 'PUT') && options.repeatSubmit !== false) {
    checkRepeatSubmit(url, json ?? '');
  }
  const headers = headersFor(options, json !== undefined);
  // false: none (downloads, whose answers are not worth keeping).
  if (
    MUTATIONS.has(method) &&
    !headers.has('Idempotency-Key') &&
    options.idempotencyKey !== false
  ) {
    headers.set('Idempotency-Key', options.idempotencyKey ?? newIdempotencyKey());
  }
  // A change is sent again only with its key (done once however often it arrives).
  const unkeyed = MUTATIONS.has(method) && !headers.has('Idempotency-Key');
  const retries = options.retry === false || unkeyed ? 0 : hooks.retryDelaysMs.length;
  const token = {};
  try {
    for (let attempt = 0; ; attempt += 1) {
      const timeout = AbortSignal.timeout(options.timeout ?? REQUEST_TIMEOUT_MS);
      let response: Response | undefined;
      try {
        response = await fetch(buildUrl(url, options.params), {
          method,
          body,
          headers,
          signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        if (timedOut || attempt >= retries) {
          const lang = currentLanguage();
          const message = timedOut
            ? renderRequestMessage('http.timeout', lang)
            : t`Cannot reach the server, please check the network`;
          return fail(0, message, options);
        }
      }
      if (response && (attempt >= retries || !transient(response, method))) return response;
      waiting.add(token);
      if (!options.silent) hooks.onOutage(await outageMessage(response));
      const delay = hooks.retryDelaysMs[attempt] ?? 0;
      await sleep(Math.max(delay, retryAfterMs(response)), options.signal);
    }
  } finally {
    if (waiting.delete(token) && waiting.size === 0) hooks.onOutage(null);
  }
}

/** Sends a request and resolves with the envelope when `code` is 200; rejects (with a notice) otherwise. */
export async function request<T = unknown>(
  url: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T> & Record<string, unknown>> {
  return envelopeOf<T>(await send(url, options), options);
}

async function envelopeOf<T>(
  response: Response,
  options: RequestOptions,
): Promise<ApiResponse<T> & Record<string, unknown>> {
  let body: (ApiResponse<T> & Record<string, unknown>) | undefined;
  try {
    body = (await response.json()) as ApiResponse<T> & Record<string, unknown>;
  } catch {
    body = undefined;
  }
  if (!body || typeof body.code !== 'number') {
    const status = response.status;
    return fail(status, messageFor(status, undefined, currentLanguage()), options);
  }
  if (body.code === RESPONSE_CODES.ok) return body;
  return fail(body.code, messageFor(body.code, body.msg, currentLanguage()), options, body);
}

/**
 * Sends a request answered by a stream of server-sent events (the assistant's replies): resolves with
 * the response while its body is still arriving. When the server answers with an envelope instead (a
 * refusal, an expired session), it is handled as `request` handles it: a notice, a sign-out on 401,
 * and a rejection.
 */
export async function requestStream(url: string, options: RequestOptions = {}): Promise<Response> {
  const response = await send(url, {
    ...options,
    headers: { Accept: 'text/event-stream', ...options.headers },
  });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && response.body && type.includes('text/event-stream')) return response;
  await envelopeOf(response, options);
  // A 200 envelope where a stream was asked for is a server fault, not an answer.
  return fail(
    response.status,
    messageFor(RESPONSE_CODES.error, undefined, currentLanguage()),
    options,
  );
}

/** Shorthand for the `data` of a successful response. */
export async function requestData<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const body = await request<T>(url, options);
  return body.data as T;
}

/** Fetches a file; a JSON answer instead of a file is an error shown to the user (spec §8). */
export async function requestBlob(url: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(url, options);
  const blob = await response.blob();
  if (!blob.type.includes('application/json')) {
    if (response.ok) return blob;
    return fail(response.status, downloadFailedMessage(), options);
  }
  let envelope: { code?: number; msg?: string } = {};
  try {
    envelope = JSON.parse(await blob.text()) as { code?: number; msg?: string };
  } catch {
    return fail(response.status, downloadFailedMessage(), options);
  }
  const code = typeof envelope.code === 'number' ? envelope.code : response.status;
  return fail(code, messageFor(code, envelope.msg, currentLanguage()), options, envelope);
}

function downloadFailedMessage(): string {
  return t`An error occurred while downloading the file, please contact the administrator!`;
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/** Form-encoded POST download saved under `fileName` (spec §7 Files). */
export async function download(
  url: string,
  params: Record<string, unknown>,
  fileName: string,
): Promise<void> {
  try {
    const blob = await requestBlob(url, {
      method: 'POST',
      data: new URLSearchParams(toQueryString(params)),
      repeatSubmit: false,
      idempotencyKey: false,
    });
    saveBlob(blob, fileName);
  } catch (error) {
    if (!(error instanceof RequestError)) hooks.notify('error', downloadFailedMessage());
  }
}
