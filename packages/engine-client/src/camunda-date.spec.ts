import { describe, expect, it } from 'vitest';

import { formatCamundaDate, parseCamundaDate } from './camunda-date';

describe(formatCamundaDate.name, () => {
  it('should write UTC with a +0000 offset, as Camunda 7 does', () => {
    expect(formatCamundaDate(Date.UTC(2026, 0, 2, 3, 4, 5, 6))).toBe(
      '2026-01-02T03:04:05.006+0000',
    );
  });

  it('should answer null when there is no time', () => {
    expect(formatCamundaDate(null)).toBeNull();
    expect(formatCamundaDate(undefined)).toBeNull();
  });
});

describe(parseCamundaDate.name, () => {
  it.each([
    ['2026-01-02T03:04:05.006+0000', Date.UTC(2026, 0, 2, 3, 4, 5, 6)],
    ['2026-01-02T04:04:05.006+01:00', Date.UTC(2026, 0, 2, 3, 4, 5, 6)],
    ['2026-01-02T03:04:05.006Z', Date.UTC(2026, 0, 2, 3, 4, 5, 6)],
  ])('should read %s', (text, ms) => {
    expect(parseCamundaDate(text)).toBe(ms);
  });

  it('should answer null for text that is not a date', () => {
    expect(parseCamundaDate('tomorrow')).toBeNull();
  });
});
