import type { FastifyReply } from 'fastify';

import { CONTENT_TYPES } from '../uploads';
import type { FileStore } from './file-store';

export interface SendOptions {
  /** A download (Content-Disposition: attachment) rather than shown inline. */
  attachment: boolean;
  cacheControl: string;
  /** The name the browser saves it under (default: the key's last part). */
  downloadName?: string;
  /** Content-Type when the extension does not say it. */
  contentType?: string;
  contentSecurityPolicy?: string;
  /** With a backend that signs URLs: redirect to one valid this long instead of streaming (0: stream). */
  signedSeconds?: number;
}

/** Opened as a page, a stored file runs nothing and loads nothing (an SVG above all). */
const STORED_FILE_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/**
 * Sends a stored file: streamed from the store with its type, length and disposition, or (when the
 * deployment asks for it and the backend can) as a redirect to a short-lived signed URL. Answers false
 * when there is no such file, so the caller answers its own 404.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  store: FileStore,
  key: string,
  options: SendOptions,
): Promise<boolean> {
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  const type = options.contentType ?? CONTENT_TYPES[ext];
  const name = options.downloadName ?? key.split('/').pop() ?? 'file';
  const disposition =
    options.attachment || !type
      ? `attachment; filename*=UTF-8''${encodeURIComponent(name)}`
      : 'inline';
  if (options.signedSeconds) {
    const url =
      (await store.stat(key)) && (await store.signedUrl(key, options.signedSeconds, name));
    if (url) {
      void reply.header('cache-control', 'no-store').redirect(url, 302);
      return true;
    }
  }
  const opened = await store.open(key);
  if (!opened) return false;
  void reply
    .header('content-type', type ?? 'application/octet-stream')
    .header('content-length', String(opened.size))
    .header('cache-control', options.cacheControl)
    .header('content-security-policy', options.contentSecurityPolicy ?? STORED_FILE_CSP)
    .header('content-disposition', disposition)
    .send(opened.stream);
  return true;
}
