import { randomUUID } from 'node:crypto';

import {
  API_BASE,
  DomainError,
  hasUnsafeText,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
} from '@platform/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';

import type { OwnedKind } from './owned-files';
import type { FileStore } from './storage/file-store';
import { isAllowedSvg } from './svg-allowlist';
import { isPlainText, isTextFormat, isTextOfFormat } from './text-formats';

/** A file as it was received: bytes, the extension its content proves, and the client's name. */
export interface ReceivedFile {
  buffer: Buffer;
  ext: string;
  originalFilename: string;
}

/** Where a stored file lives, as the upload responses of spec §3 name it. */
export interface StoredFile {
  /** Path under the API (`/profile/<kind>/yyyy/mm/dd/<uuid>.<ext>`). */
  fileName: string;
  /** Absolute URL path the browser loads (`/prod-api/profile/...`). */
  url: string;
  newFileName: string;
  originalFilename: string;
}

/** Extensions that name the same content type. */
const SAME: Record<string, string> = { jpeg: 'jpg' };
const canonical = (ext: string) => SAME[ext] ?? ext;

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Reads the one file of a multipart request (field `field`), at most 5 MB, and checks that both its
 * name and its content are of an allowed type. Content is sniffed from the bytes (file-type); text
 * formats without magic numbers (txt, svg) are checked by what they contain.
 */
export async function receiveFile(
  request: FastifyRequest,
  field: string,
  allowed: readonly string[],
  badTypeKey: 'upload.bad_type' | 'upload.image_type' = 'upload.bad_type',
): Promise<ReceivedFile> {
  const part = await request
    .file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } })
    .catch(() => {
      throw new DomainError('upload.no_file');
    });
  if (!part || part.fieldname !== field) throw new DomainError('upload.no_file');
  // The one text field of a multipart upload: its name, kept as the original file name (issue 25).
  if (hasUnsafeText(part.filename)) throw new DomainError('request.invalid_text');
  const buffer = await part.toBuffer().catch((error: { code?: string }) => {
    if (error?.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new DomainError('upload.too_large', { size: UPLOAD_MAX_MB });
    throw new DomainError('upload.failed');
  });
  const declared = extensionOf(part.filename);
  const badType = new DomainError(badTypeKey, { types: allowed.join('/') });
  if (!allowed.includes(declared)) throw badType;
  const sniffed = await sniff(buffer, declared);
  if (!sniffed || canonical(sniffed) !== canonical(declared)) throw badType;
  return { buffer, ext: declared, originalFilename: part.filename.slice(0, 255) };
}

async function sniff(buffer: Buffer, declared: string): Promise<string | null> {
  // Text formats first: they have no magic number, and text can pass for a binary format by chance
  // (a DNA sequence with a G at bytes 0 and 188 is an MPEG transport stream to file-type, which
  // refused one such .txt upload in four). Bytes that are not plain text fall through to the sniffing.
  if (isTextFormat(declared) && isTextOfFormat(buffer, declared)) return declared;
  const detected = await fileTypeFromBuffer(buffer);
  if (detected) {
    // Legacy Office files are all OLE containers ("cfb"); accept the declared one of them.
    if (detected.ext === 'cfb' && ['doc', 'xls', 'ppt'].includes(declared)) return declared;
    return detected.ext;
  }
  if (declared === 'svg') return isSafeSvg(buffer) ? 'svg' : null;
  return null;
}

/** An SVG image made only of allow-listed elements and attributes (see svg-allowlist). */
function isSafeSvg(buffer: Buffer): boolean {
  if (!isPlainText(buffer)) return false;
  return isAllowedSvg(buffer.toString('utf8'));
}

/** Stores a file under `<kind>/yyyy/mm/dd/<uuid>.<ext>` of the store, with a name nobody can guess. */
export async function storeFile(
  store: FileStore,
  kind: string,
  file: ReceivedFile,
): Promise<StoredFile> {
  const now = new Date();
  const day = [
    String(now.getUTCFullYear()),
    String(now.getUTCMonth() + 1).padStart(2, '0'),
    String(now.getUTCDate()).padStart(2, '0'),
  ];
  const newFileName = `${randomUUID()}.${file.ext}`;
  const key = [kind, ...day, newFileName].join('/');
  await store.put(key, file.buffer, CONTENT_TYPES[file.ext] ?? 'application/octet-stream');
  const fileName = `/profile/${key}`;
  return {
    fileName,
    url: `${API_BASE}${fileName}`,
    newFileName,
    originalFilename: file.originalFilename,
  };
}

/**
 * Stores a user's own file (chat attachment, mission file) in their folder,
 * `<kind>/<userId>/yyyy/mm/dd/<uuid>.<ext>` (owned-files.ts): the name says whose it is, and
 * its `url` is the signed-in download, the only way it is served.
 */
export async function storeOwnedFile(
  store: FileStore,
  kind: OwnedKind,
  ownerId: number,
  file: ReceivedFile,
): Promise<StoredFile> {
  const stored = await storeFile(store, `${kind}/${ownerId}`, file);
  return { ...stored, url: downloadUrlOf(stored.fileName) };
}

/** The signed-in download of a stored file (GET /common/download/resource). */
export const downloadUrlOf = (fileName: string) =>
  `${API_BASE}/common/download/resource?resource=${encodeURIComponent(fileName)}`;

/** Content types the file route serves; anything else goes out as a download. */
export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};
