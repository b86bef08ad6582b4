import type { I18n, MessageDescriptor } from '@lingui/core';
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

/** A status label in the user's language (a code the catalogue does not know stays as it is). */
export function labelOf(i18n: I18n, label: MessageDescriptor | string): string {
  return typeof label === 'string' ? label : i18n._(label);
}
