/** 3-D vectors and optimal superposition. */
export type Vec3 = [number, number, number];

/** A rigid motion: x' = R·(x − from) + to. */
export interface Superposition {
  rotation: number[][];
  from: Vec3;
  to: Vec3;
  /** Root-mean-square deviation of the fitted points after superposition, in Å. */
  rmsd: number;
}

export function centroid(points: Vec3[]): Vec3 {
  const c: Vec3 = [0, 0, 0];
  for (const p of points) {
    c[0] += p[0];
    c[1] += p[1];
    c[2] += p[2];
  }
  const n = Math.max(points.length, 1);
  return [c[0] / n, c[1] / n, c[2] / n];
}

export function distance(a: Vec3, b: Vec3): number {
  return Math.sqrt(squaredDistance(a, b));
}

export function squaredDistance(a: Vec3, b: Vec3): number {
  const dx = a[0] - b[0];
  const dy = a[1] - b[1];
  const dz = a[2] - b[2];
  return dx * dx + dy * dy + dz * dz;
}

export function applySuperposition(s: Superposition, p: Vec3): Vec3 {
  const x = p[0] - s.from[0];
  const y = p[1] - s.from[1];
  const z = p[2] - s.from[2];
  const r = s.rotation;
  return [
    r[0][0] * x + r[0][1] * y + r[0][2] * z + s.to[0],
    r[1][0] * x + r[1][1] * y + r[1][2] * z + s.to[1],
    r[2][0] * x + r[2][1] * y + r[2][2] * z + s.to[2],
  ];
}

/** Root-mean-square distance between paired points, without moving them. */
export function rmsdInPlace(a: Vec3[], b: Vec3[]): number {
  if (a.length === 0) return NaN;
  let sum = 0;
  for (let k = 0; k < a.length; k++) sum += squaredDistance(a[k], b[k]);
  return Math.sqrt(sum / a.length);
}

/**
 * The rotation and translation that minimise the RMSD of `mobile` onto `target` (Kabsch, Acta Cryst.
 * A32:922, 1976). The rotation is found in the equivalent quaternion form (Horn, JOSA A 4:629, 1987):
 * the eigenvector of the largest eigenvalue of a symmetric 4×4 matrix built from the covariance, which
 * never returns a reflection and needs no SVD.
 */
export function superpose(mobile: Vec3[], target: Vec3[]): Superposition {
  if (mobile.length !== target.length || mobile.length === 0)
    throw new Error('superpose needs two equal, non-empty point sets');
  const from = centroid(mobile);
  const to = centroid(target);
  const s = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let k = 0; k < mobile.length; k++) {
    const a = [mobile[k][0] - from[0], mobile[k][1] - from[1], mobile[k][2] - from[2]];
    const b = [target[k][0] - to[0], target[k][1] - to[1], target[k][2] - to[2]];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) s[i][j] += a[i] * b[j];
  }
  const [sxx, sxy, sxz] = s[0];
  const [syx, syy, syz] = s[1];
  const [szx, szy, szz] = s[2];
  const n = [
    [sxx + syy + szz, syz - szy, szx - sxz, sxy - syx],
    [syz - szy, sxx - syy - szz, sxy + syx, szx + sxz],
    [szx - sxz, sxy + syx, -sxx + syy - szz, syz + szy],
    [sxy - syx, szx + sxz, syz + szy, -sxx - syy + szz],
  ];
  const q = largestEigenvector(n);
  const rotation = quaternionToMatrix(q);
  const partial: Superposition = { rotation, from, to, rmsd: 0 };
  const moved = mobile.map((p) => applySuperposition(partial, p));
  return { ...partial, rmsd: rmsdInPlace(moved, target) };
}

function quaternionToMatrix([w, x, y, z]: number[]): number[][] {
  return [
    [w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z],
  ];
}

/** Cyclic Jacobi rotations on a symmetric 4×4 matrix; returns the unit eigenvector of the largest eigenvalue. */
function largestEigenvector(matrix: number[][]): number[] {
  const a = matrix.map((row) => [...row]);
  const v: number[][] = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < 3; p++) for (let q = p + 1; q < 4; q++) off += a[p][q] * a[p][q];
    if (off < 1e-18) break;
    for (let p = 0; p < 3; p++)
      for (let q = p + 1; q < 4; q++) {
        if (Math.abs(a[p][q]) < 1e-30) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const sn = t * c;
        for (let k = 0; k < 4; k++) {
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - sn * akq;
          a[k][q] = sn * akp + c * akq;
        }
        for (let k = 0; k < 4; k++) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - sn * aqk;
          a[q][k] = sn * apk + c * aqk;
        }
        for (let k = 0; k < 4; k++) {
          const vkp = v[k][p];
          const vkq = v[k][q];
          v[k][p] = c * vkp - sn * vkq;
          v[k][q] = sn * vkp + c * vkq;
        }
      }
  }
  let best = 0;
  for (let k = 1; k < 4; k++) if (a[k][k] > a[best][best]) best = k;
  const q = [v[0][best], v[1][best], v[2][best], v[3][best]];
  const norm = Math.hypot(...q);
  return q.map((x) => x / norm);
}
