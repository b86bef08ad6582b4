import { PERMISSIONS } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { isPublicFile, mayRead, ownedFile } from './owned-files';

const NAME = '/profile/chat/7/2026/11/29/0d5c1f1e-8c1a-4a57-9a43-3f6f6a0c2b11.fasta';
const reader = (userId: number, permissions: string[] = [], admin = false) => ({
  userId,
  admin,
  permissions,
});

describe(mayRead.name, () => {
  it('should give a user their own files and nobody else', () => {
    expect(ownedFile(NAME)).toEqual({ kind: 'chat', ownerId: 7, ext: 'fasta' });
    expect(mayRead(reader(7), NAME)).toBe(true);
    expect(mayRead(reader(8), NAME)).toBe(false);
  });

  it('should give them to whoever reads every conversation or every mission', () => {
    expect(mayRead(reader(8, [], true), NAME)).toBe(true);
    expect(mayRead(reader(8, [PERMISSIONS.wujie.chat.everyone]), NAME)).toBe(true);
    expect(mayRead(reader(8, [PERMISSIONS.wujie.mission.review]), NAME)).toBe(true);
  });

  it('should serve avatars and rich-text images to anyone, and no other folder', () => {
    expect(isPublicFile('/profile/avatar/2026/11/29/a.png')).toBe(true);
    expect(isPublicFile('/profile/image/2026/11/29/a.svg')).toBe(true);
    expect(isPublicFile('/profile/avatar/../chat/7/2026/11/29/a.fasta')).toBe(false);
    expect(isPublicFile(NAME)).toBe(false);
    // Files stored before owners' folders existed: only for readers of everything.
    const unowned = '/profile/chat/2026/11/29/0d5c1f1e-8c1a-4a57-9a43-3f6f6a0c2b11.fasta';
    expect(mayRead(reader(7), unowned)).toBe(false);
    expect(mayRead(reader(7, [], true), unowned)).toBe(true);
    // Paths of one's choosing and other folders are nobody's.
    for (const name of [
      '/profile/chat/7/../8/2026/11/29/0d5c1f1e-8c1a-4a57-9a43-3f6f6a0c2b11.fasta',
      '../../../../etc/passwd',
      '/profile/download/export.xlsx',
    ]) {
      expect(mayRead(reader(7, [], true), name)).toBe(false);
    }
  });
});
