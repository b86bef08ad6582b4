import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, normalize, resolve, sep } from 'node:path';

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
  const detected = await fileTypeFromBuffer(buffer);
  if (detected) {
    // Legacy Office files are all OLE containers ("cfb"); accept the declared one of them.
    if (detected.ext === 'cfb' && ['doc', 'xls', 'ppt'].includes(declared)) return declared;
    return detected.ext;
  }
  if (declared === 'svg') return isSafeSvg(buffer) ? 'svg' : null;
  // txt, and the assistant's attachments (FASTA, PDB, CSV), by their content.
  if (isTextFormat(declared)) return isTextOfFormat(buffer, declared) ? declared : null;
  return null;
}

/** An SVG image made only of allow-listed elements and attributes (see svg-allowlist). */
function isSafeSvg(buffer: Buffer): boolean {
  if (!isPlainText(buffer)) return false;
  return isAllowedSvg(buffer.toString('utf8'));
}

/** Stores a file under `<root>/<kind>/yyyy/mm/dd/<uuid>.<ext>` with a name nobody can guess. */
export async function storeFile(
  root: string,
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
  const dir = join(root, kind, ...day);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, newFileName), file.buffer, { flag: 'wx' });
  const fileName = `/profile/${[kind, ...day, newFileName].join('/')}`;
  return {
    fileName,
    url: `${API_BASE}${fileName}`,
    newFileName,
    originalFilename: file.originalFilename,
  };
}

/**
 * Stores a user's own file (chat attachment, mission file) in their folder,
 * `<root>/<kind>/<userId>/yyyy/mm/dd/<uuid>.<ext>` (owned-files.ts): the name says whose it is, and
 * its `url` is the signed-in download, the only way it is served.
 */
export async function storeOwnedFile(
  root: string,
  kind: OwnedKind,
  ownerId: number,
  file: ReceivedFile,
): Promise<StoredFile> {
  const stored = await storeFile(root, `${kind}/${ownerId}`, file);
  return { ...stored, url: downloadUrlOf(stored.fileName) };
}

/** The signed-in download of a stored file (GET /common/download/resource). */
export const downloadUrlOf = (fileName: string) =>
  `${API_BASE}/common/download/resource?resource=${encodeURIComponent(fileName)}`;

/** The absolute path of a stored file from its `/profile/...` path, or null when it leaves the root. */
export function resolveStored(root: string, relative: string): string | null {
  const base = resolve(root);
  const cleaned = normalize(relative.replace(/^\/?profile\//, '')).replace(/^(\.\.(\/|\\|$))+/, '');
  const path = resolve(base, cleaned);
  return path.startsWith(base + sep) ? path : null;
}

/** Content types the file route serves; anything else goes out as a download. */
export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};
