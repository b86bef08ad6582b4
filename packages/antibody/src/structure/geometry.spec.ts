import { describe, expect, it } from 'vitest';

import { applySuperposition, superpose, type Vec3 } from './geometry';

const POINTS: Vec3[] = [
  [1, 2, 3],
  [4, -1, 0.5],
  [-2, 3, 7],
  [0, 0, 0],
  [5, 5, -3],
];

function rotateZ(angle: number, p: Vec3): Vec3 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c * p[0] - s * p[1], s * p[0] + c * p[1], p[2]];
}

describe('superpose (Kabsch)', () => {
  it('recovers a rotation plus translation exactly', () => {
    const target = POINTS.map((p) => rotateZ(1.1, p)).map((p): Vec3 => [
      p[0] + 3,
      p[1] - 7,
      p[2] + 2,
    ]);
    const fit = superpose(POINTS, target);
    expect(fit.rmsd).toBeLessThan(1e-6);
    POINTS.forEach((p, k) => {
      const moved = applySuperposition(fit, p);
      for (let i = 0; i < 3; i++) expect(moved[i]).toBeCloseTo(target[k][i], 6);
    });
  });

  it('returns a proper rotation (determinant +1), never a reflection', () => {
    const mirrored = POINTS.map((p): Vec3 => [-p[0], p[1], p[2]]);
    const r = superpose(POINTS, mirrored).rotation;
    const det =
      r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1]) -
      r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0]) +
      r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0]);
    expect(det).toBeCloseTo(1, 6);
    expect(superpose(POINTS, mirrored).rmsd).toBeGreaterThan(0.5);
  });
});
