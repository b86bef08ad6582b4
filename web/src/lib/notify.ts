import { t } from '@lingui/core/macro';
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
    // Mantine's close button is an icon with no name of its own (axe: button-name, critical).
    closeButtonProps: { 'aria-label': t`Close` },
  });
}

const OUTAGE_NOTICE = 'service-outage';
let outageShown = false;

/**
 * The retryable notice while requests wait for the service to come back (request.ts retries them),
 * removed when they got through: the page stays and recovers by itself.
 */
export function showOutage(message: string | null): void {
  if (message === null) {
    if (outageShown) notifications.hide(OUTAGE_NOTICE);
    outageShown = false;
    return;
  }
  const notice = {
    id: OUTAGE_NOTICE,
    color: 'orange',
    title: t`Retrying automatically…`,
    message,
    loading: true,
    autoClose: false as const,
    withBorder: true,
    closeButtonProps: { 'aria-label': t`Close` },
  };
  if (outageShown) notifications.update(notice);
  else notifications.show(notice);
  outageShown = true;
}
