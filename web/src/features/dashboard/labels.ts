import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// The statuses the charts name, in the user's language (the services answer stable codes).

const MISSION_STATUS_LABELS: Record<string, MessageDescriptor> = {
  not_started: msg`Not started`,
  in_progress: msg`In progress`,
  user_input: msg`Waiting for input`,
  admin_review: msg`Under review`,
  admin_confirm: msg`Awaiting confirmation`,
  error: msg`Error`,
  stopped: msg`Stopped`,
  completed: msg`Completed`,
};

const ORDER_STATUS_LABELS: Record<string, MessageDescriptor> = {
  pending_payment: msg`Pending payment`,
  pending_verification: msg`Pending verification`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

export const STATUS_COLORS: Record<string, string> = {
  not_started: 'gray.5',
  in_progress: 'blue.6',
  user_input: 'cyan.6',
  admin_review: 'violet.6',
  admin_confirm: 'grape.6',
  error: 'red.6',
  stopped: 'orange.6',
  completed: 'teal.6',
  pending_payment: 'yellow.6',
  pending_verification: 'indigo.6',
  cancelled: 'gray.6',
};

const PALETTE = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'pink.6',
  'lime.6',
  'indigo.6',
];

export function colorAt(index: number): string {
  return PALETTE[index % PALETTE.length];
}

export function missionStatusLabel(status: string): MessageDescriptor | string {
  return MISSION_STATUS_LABELS[status] ?? status;
}

export function orderStatusLabel(status: string): MessageDescriptor | string {
  return ORDER_STATUS_LABELS[status] ?? status;
}

/**
 * Each slice of a donut names itself: recharts draws slices as `<path role="img">`, which need a text
 * alternative (axe's svg-img-alt); "name: count" is what a sighted user reads from the label beside it.
 * The donuts draw no label lines: recharts hands a slice's props to its line too, and a plain path may
 * not carry aria-label (aria-prohibited-attr).
 */
export const sliceLabel = (slice: { name: string; value: number }) => ({
  'aria-label': `${slice.name}: ${slice.value}`,
});
