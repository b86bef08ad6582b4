import {
  ActionIcon,
  type ActionIconProps,
  createPolymorphicComponent,
  Tooltip,
} from '@mantine/core';
import { forwardRef, type ReactNode } from 'react';

export interface IconButtonProps extends ActionIconProps {
  /** What the button does, in the user's language: its accessible name and its tooltip. */
  label: string;
  children?: ReactNode;
}

/**
 * A button (or, with `component`, a link) that shows only an icon: a screen reader announces `label`
 * (aria-label) and a sighted user reads the same text in the tooltip (issue 20).
 */
export const IconButton = createPolymorphicComponent<'button', IconButtonProps>(
  forwardRef<HTMLButtonElement, IconButtonProps>(({ label, ...props }, ref) => (
    <Tooltip label={label}>
      <ActionIcon ref={ref} aria-label={label} {...props} />
    </Tooltip>
  )),
);
