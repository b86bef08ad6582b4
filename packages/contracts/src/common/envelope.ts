/** Response codes carried in the body of every API response (spec §7, §8). */
export const RESPONSE_CODES = {
  ok: 200,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  error: 500,
  /** A service, Redis, the database or the engine cannot be reached: retry (HTTP 503, Retry-After). */
  unavailable: 503,
  /** Timed out waiting for a service: the change may or may not have happened (retry with the same Idempotency-Key). */
  outcomeUnknown: 504,
  warn: 601,
} as const;

export type ResponseCode = (typeof RESPONSE_CODES)[keyof typeof RESPONSE_CODES];

/** `{code, msg, data}`: the envelope of every non-list response. */
export interface ApiResponse<T> {
  code: ResponseCode;
  msg: string;
  data?: T;
}

/** `{code, msg, rows, total}`: the envelope of every paged list. */
export interface PageResponse<T> {
  code: ResponseCode;
  msg: string;
  rows: T[];
  total: number;
}

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 500;

export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
}

/** The API's base path; the web app and the gateway both use it. */
export const API_BASE = '/prod-api';
