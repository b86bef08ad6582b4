import { describe, expect, it } from 'vitest';

import { interpretMessage, isMessagePush } from '../../lib/socket';
import { localized } from './messages.api';

const frame = JSON.stringify({
  type: 'message',
  id: 3,
  kind: 'notice',
  message: '系统维护',
  messageEn: 'Maintenance',
});

describe('in-app message frames', () => {
  it('should tell a new-message frame from other frames', () => {
    expect(isMessagePush(frame)).toBe(true);
    expect(isMessagePush(JSON.stringify({ type: 'agentStatus', message: 'x' }))).toBe(false);
    expect(isMessagePush('message')).toBe(false);
    expect(isMessagePush('1')).toBe(false);
  });

  it("should show the frame as a notice in the reader's language", () => {
    expect(interpretMessage(frame, 'zh')).toEqual({ kind: 'notice', text: '系统维护' });
    expect(interpretMessage(frame, 'en')).toEqual({ kind: 'notice', text: 'Maintenance' });
    // The invitation link's message is not shown twice: its '1' / '0' frame says it.
    const link = JSON.stringify({
      type: 'message',
      kind: 'link',
      message: '已停用',
      messageEn: 'Off',
    });
    expect(interpretMessage(link, 'zh')).toEqual({ kind: 'ignore' });
    expect(isMessagePush(link)).toBe(true);
  });

  it('should pick the texts of the reader language, falling back to the other one', () => {
    const row = { title: '标题', titleEn: 'Title', content: '内容', contentEn: '' };
    expect(localized(row, 'zh')).toEqual({ title: '标题', content: '内容' });
    expect(localized(row, 'en')).toEqual({ title: 'Title', content: '内容' });
  });
});
