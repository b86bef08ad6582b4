import {
  type Actor,
  seesEveryConversation,
  seesEveryMission,
  type SessionUser,
} from '@platform/contracts';

import type { FileStore } from './storage/file-store';

// Which stored files (`/profile/<kind>/...` under the uploads root) anyone may load, and which only
// the user who uploaded them. Decided by the path's first folder:
// - public: avatars and the rich text editor's images, shown in pages any visitor or user loads
//   (notices, the landing page, other users' avatars) — served by GET /profile/... to anyone;
// - owned: what a user uploads for their own work (chat attachments, mission files through
//   /common/upload), kept under the uploader's folder `/profile/<kind>/<userId>/yyyy/mm/dd/…`, so the
//   path itself says whose a file is, and read only through the signed-in downloads, by their owner
//   or by whoever the contracts' rules let read every conversation or every mission;
// - files the chat and common uploads stored before they had owners' folders (`/profile/chat/yyyy/…`)
//   are nobody's own any more: only the readers of every conversation or mission get them;
// - anything else is served to nobody.
// Order files live in another root altogether (billing says who may have them).

/** Folders served to anyone (GET /prod-api/profile/<kind>/...). */
export const PUBLIC_KINDS = ['avatar', 'image'] as const;
/** Folders a user uploads their own files into, one folder per user. */
export const OWNED_KINDS = ['chat', 'upload'] as const;
export type OwnedKind = (typeof OWNED_KINDS)[number];

/** `/profile/<kind>/<userId>/yyyy/mm/dd/<uuid>.<ext>` as the owned uploads are named. */
const OWNED_NAME =
  /^\/profile\/(chat|upload)\/([1-9]\d{0,18})\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.([a-z0-9]{1,8})$/;

/** Names the chat and common uploads gave before files were kept per user (no owner recorded). */
export const UNOWNED_NAME =
  /^\/profile\/(chat|upload)\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

/** The owned file a stored name denotes (its kind, owner and extension), or null for any other name. */
export function ownedFile(
  fileName: string,
): { kind: OwnedKind; ownerId: number; ext: string } | null {
  const match = OWNED_NAME.exec(fileName);
  if (!match) return null;
  return { kind: match[1] as OwnedKind, ownerId: Number(match[2]), ext: match[3] };
}

/** The first folder of a `/profile/...` name. */
function kindOf(fileName: string): string {
  return fileName.replace(/^\/?profile\//, '').split('/')[0] ?? '';
}

export function isPublicFile(fileName: string): boolean {
  return (PUBLIC_KINDS as readonly string[]).includes(kindOf(fileName)) && !fileName.includes('..');
}

/**
 * Whether `reader` may download a stored file: a public one, their own, or another user's owned
 * file when they read every conversation or every mission (where such files are attached).
 */
export function mayRead(reader: Actor, fileName: string): boolean {
  if (isPublicFile(fileName)) return true;
  const owned = ownedFile(fileName);
  if (!owned && !UNOWNED_NAME.test(fileName)) return false;
  return (
    owned?.ownerId === reader.userId || seesEveryConversation(reader) || seesEveryMission(reader)
  );
}

/** The reader as the contracts' access rules take them. */
export const actorOf = (session: SessionUser): Actor => ({
  userId: session.userId,
  admin: session.admin,
  permissions: session.permissions,
});

/** Bytes a user's owned files take (every owned kind's folder of theirs). */
export async function bytesOwnedBy(store: FileStore, userId: number): Promise<number> {
  let total = 0;
  for (const kind of OWNED_KINDS) total += await store.usage(`${kind}/${userId}`);
  return total;
}
