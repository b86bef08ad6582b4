import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { idNumberProblem, normalizeCertName } from '@platform/contracts';

// The real-name form's rules (spec §5: name and ID number required), on the shared rules of contracts.

export function certNameError(value: string): MessageDescriptor | null {
  if (!value.trim()) return msg`Your name cannot be empty`;
  return normalizeCertName(value) ? null : msg`The name is not valid`;
}

export function certNoError(value: string): MessageDescriptor | null {
  switch (idNumberProblem(value)) {
    case null:
      return null;
    case 'required':
      return msg`ID number cannot be empty`;
    case 'length':
      return msg`The ID number must have 18 characters`;
    case 'format':
      return msg`The ID number is 17 digits followed by a digit or X`;
    case 'date':
      return msg`The birth date in the ID number is not valid`;
    case 'checksum':
      return msg`The ID number check digit is wrong, please check it`;
  }
}
