import { notifications } from '@mantine/notifications';

import type { NoticeKind } from './request';
import { NOTICE_DURATION_MS } from './socket';

const COLORS: Record<NoticeKind, string> = {
  error: 'red',
  warning: 'orange',
  success: 'green',
  info: 'blue',
};

/** Shows a notice for 5 s (spec §9) in the top-right corner. */
export function notify(kind: NoticeKind, message: string, title?: string): void {
  notifications.show({
    color: COLORS[kind],
    title,
    message,
    autoClose: NOTICE_DURATION_MS,
    withBorder: true,
  });
}
