// Designer zoom (spec §9): between 0.2 and 4 in steps of 0.1; a zoom outside that range is an error
// (spec §8), so the buttons are disabled at the limits.

export const ZOOM_MIN = 0.2;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.1;

/** The zoom one step in `direction` (+1 in, -1 out) from `current`, rounded to the step. */
export function steppedZoom(current: number, direction: 1 | -1): number {
  const next = Math.round((current + direction * ZOOM_STEP) * 10) / 10;
  if (next < ZOOM_MIN - 1e-9 || next > ZOOM_MAX + 1e-9) {
    throw new RangeError(`The zoom must stay between ${ZOOM_MIN} and ${ZOOM_MAX}`);
  }
  return next;
}

export function canZoom(current: number, direction: 1 | -1): boolean {
  try {
    steppedZoom(current, direction);
    return true;
  } catch {
    return false;
  }
}
