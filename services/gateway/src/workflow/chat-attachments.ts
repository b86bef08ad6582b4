import { readFile, stat } from 'node:fs/promises';

import {
  CHAT_ATTACHMENT_EXTENSIONS,
  DomainError,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
} from '@platform/contracts';
import type { ChatAttachmentBody, ChatFileBody } from '@platform/contracts/dto';

import { isTextFormat, isTextOfFormat } from '../files/text-formats';
import { resolveStored } from '../files/uploads';

/** Stored names of the chat upload (and of /common/upload, for plain text): `/profile/<kind>/yyyy/mm/dd/<uuid>.<ext>`. */
const STORED_NAME =
  /^\/profile\/(chat|upload)\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.([a-z0-9]{1,8})$/;

/** A file attached to a message or a reply: its stored name and, when given, the user's name for it. */
interface AttachedFile {
  fileName: string;
  originalFilename?: string;
}

/** The name the user knows a file by (the stored one's last part when the client gave none). */
const nameOf = (file: AttachedFile) =>
  file.originalFilename ?? file.fileName.split('/').pop() ?? file.fileName;

/**
 * Refuses a file the upload did not give (chat.file_not_found): its stored name must be one the
 * chat or common upload makes (random, so only the one who uploaded knows it) and name a file that
 * is still under the uploads root. Answers where it lives and its size.
 */
export async function findUploaded(
  root: string,
  file: AttachedFile,
): Promise<{ path: string; size: number }> {
  const path = STORED_NAME.test(file.fileName) ? resolveStored(root, file.fileName) : null;
  const info = path ? await stat(path).catch(() => null) : null;
  if (!path || !info?.isFile())
    throw new DomainError('chat.file_not_found', { name: nameOf(file) });
  return { path, size: info.size };
}

/**
 * Reads the text of a message's attachments for the assistant, checking each again as the upload
 * did (a name the upload gave, a text format by its content, at most 5 MB): the stored file may be
 * another one than the upload checked only if someone put it there, and the model reads it.
 */
export async function readAttachments(
  root: string,
  files: readonly ChatFileBody[],
): Promise<ChatAttachmentBody[]> {
  const read: ChatAttachmentBody[] = [];
  for (const file of files) {
    const name = nameOf(file);
    const match = STORED_NAME.exec(file.fileName);
    const ext = match?.[2] ?? '';
    if (!isTextFormat(ext)) {
      throw new DomainError('upload.bad_type', { types: CHAT_ATTACHMENT_EXTENSIONS.join('/') });
    }
    const { path, size } = await findUploaded(root, file);
    if (size > UPLOAD_MAX_BYTES) throw new DomainError('upload.too_large', { size: UPLOAD_MAX_MB });
    const buffer = await readFile(path);
    if (!isTextOfFormat(buffer, ext) || buffer.toString('utf8').trim() === '') {
      throw new DomainError('chat.file_invalid', { name, type: ext.toUpperCase() });
    }
    read.push({ name: name.slice(0, 255), text: buffer.toString('utf8') });
  }
  return read;
}
