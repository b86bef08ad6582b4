import {
  CHAT_ATTACHMENT_EXTENSIONS,
  DomainError,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_MB,
} from '@platform/contracts';
import type { ChatAttachmentBody, ChatFileBody } from '@platform/contracts/dto';

import { ownedFile, UNOWNED_NAME } from '../files/owned-files';
import { type FileStore, keyOf } from '../files/storage/file-store';
import { isTextFormat, isTextOfFormat } from '../files/text-formats';

/** A file attached to a message or a reply: its stored name and, when given, the user's name for it. */
interface AttachedFile {
  fileName: string;
  originalFilename?: string;
}

/** The name the user knows a file by (the stored one's last part when the client gave none). */
const nameOf = (file: AttachedFile) =>
  file.originalFilename ?? file.fileName.split('/').pop() ?? file.fileName;

/**
 * Refuses a file its sender did not upload. A name that is no stored name at all (`..`, an absolute
 * path, another folder) is upload.bad_path (400); one in another user's folder, or no longer there,
 * is chat.file_not_found (404, the same answer for both: whether another user has such a file is not
 * told). Only the chat and common uploads' names qualify: `/profile/<chat|upload>/<sender>/…`.
 * Answers the file's key in the store and its size.
 */
export async function findUploaded(
  store: FileStore,
  senderId: number,
  file: AttachedFile,
): Promise<{ key: string; size: number; ext: string }> {
  const owned = ownedFile(file.fileName);
  if (!owned) {
    // Stored before owners' folders: whose it is is unknown, so it is attached no more.
    if (UNOWNED_NAME.test(file.fileName))
      throw new DomainError('chat.file_not_found', { name: nameOf(file) }, 404);
    throw new DomainError('upload.bad_path', { name: file.fileName.slice(0, 120) });
  }
  const key = owned.ownerId === senderId ? keyOf(file.fileName) : null;
  const info = key ? await store.stat(key) : null;
  if (!key || !info) throw new DomainError('chat.file_not_found', { name: nameOf(file) }, 404);
  return { key, size: info.size, ext: owned.ext };
}

/**
 * Reads the text of a message's attachments for the assistant, checking each again as the upload
 * did (a name the upload gave, a text format by its content, at most 5 MB): the stored file may be
 * another one than the upload checked only if someone put it there, and the model reads it.
 */
export async function readAttachments(
  store: FileStore,
  senderId: number,
  files: readonly ChatFileBody[],
): Promise<ChatAttachmentBody[]> {
  const read: ChatAttachmentBody[] = [];
  for (const file of files) {
    const name = nameOf(file);
    const { key, size, ext } = await findUploaded(store, senderId, file);
    if (!isTextFormat(ext)) {
      throw new DomainError('upload.bad_type', { types: CHAT_ATTACHMENT_EXTENSIONS.join('/') });
    }
    if (size > UPLOAD_MAX_BYTES) throw new DomainError('upload.too_large', { size: UPLOAD_MAX_MB });
    const buffer = await store.read(key);
    if (!buffer) throw new DomainError('chat.file_not_found', { name }, 404);
    if (!isTextOfFormat(buffer, ext) || buffer.toString('utf8').trim() === '') {
      throw new DomainError('chat.file_invalid', { name, type: ext.toUpperCase() });
    }
    read.push({ name: name.slice(0, 255), text: buffer.toString('utf8') });
  }
  return read;
}
