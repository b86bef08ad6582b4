import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';

import classes from './Chat.module.css';

/** The chat's share of the split view: at least this much for either side. */
export const SPLIT_MIN = 0.25;
export const SPLIT_MAX = 0.75;
const KEY_STEP = 0.05;

export const clampSplit = (ratio: number) => Math.min(SPLIT_MAX, Math.max(SPLIT_MIN, ratio));

/**
 * The draggable divider of the split view: drag it with a mouse, pen or finger (pointer capture,
 * so it keeps following outside its 8 px), or move it with the arrow keys when focused.
 */
export function SplitDivider({
  container,
  ratio,
  onChange,
}: {
  container: RefObject<HTMLElement | null>;
  ratio: number;
  onChange: (ratio: number) => void;
}) {
  const { t } = useLingui();
  const follow = (event: PointerEvent<HTMLDivElement>) => {
    const box = container.current?.getBoundingClientRect();
    if (box && box.width > 0) onChange(clampSplit((event.clientX - box.left) / box.width));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -KEY_STEP, ArrowRight: KEY_STEP }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    onChange(clampSplit(ratio + step));
  };
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={t`Resize chat and flowchart`}
      aria-valuemin={SPLIT_MIN * 100}
      aria-valuemax={SPLIT_MAX * 100}
      aria-valuenow={Math.round(ratio * 100)}
      className={classes.separator}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        event.currentTarget.dataset.separator = 'active';
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) follow(event);
      }}
      onPointerUp={(event) => {
        event.currentTarget.releasePointerCapture(event.pointerId);
        delete event.currentTarget.dataset.separator;
      }}
      onKeyDown={onKeyDown}
      data-testid="split-divider"
    />
  );
}
