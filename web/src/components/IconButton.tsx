import {
  ActionIcon,
  type ActionIconProps,
  createPolymorphicComponent,
  Tooltip,
} from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { forwardRef, type PointerEvent, type ReactNode, useRef, useState } from 'react';

export interface IconButtonProps extends ActionIconProps {
  /** What the button does, in the user's language: its accessible name and its tooltip. */
  label: string;
  children?: ReactNode;
  onPointerEnter?: (event: PointerEvent<HTMLButtonElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLButtonElement>) => void;
}

/**
 * A button (or, with `component`, a link) that shows only an icon: a screen reader announces `label`
 * (aria-label) and a sighted user reads the same text in the tooltip (issue 20), shown while the
 * mouse is over it as Mantine's tooltip does by default.
 *
 * The tooltip is mounted only while shown, beside the button (Tooltip's `target`), not around it: a
 * Tooltip around every icon button of a screen sets its floating position, portal and reference in
 * state as it mounts, each a synchronous second render in the commit of the first (the landing page's
 * header and composer: a fifth of the app's first task on a phone).
 */
export const IconButton = createPolymorphicComponent<'button', IconButtonProps>(
  forwardRef<HTMLButtonElement, IconButtonProps>(
    ({ label, onPointerEnter, onPointerLeave, ...props }, ref) => {
      const button = useRef<HTMLButtonElement>(null);
      const merged = useMergedRef(ref, button);
      const [hovered, setHovered] = useState(false);
      return (
        <>
          <ActionIcon
            ref={merged}
            aria-label={label}
            onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
              if (event.pointerType === 'mouse') setHovered(true);
              onPointerEnter?.(event);
            }}
            onPointerLeave={(event: PointerEvent<HTMLButtonElement>) => {
              setHovered(false);
              onPointerLeave?.(event);
            }}
            {...props}
          />
          {hovered ? <Tooltip label={label} target={button} opened /> : null}
        </>
      );
    },
  ),
);
