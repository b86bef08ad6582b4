// The epitope benches' truth and measure, shared by bench/epitope-bench.mjs and
// bench/epitope-propensity.mjs.

/** ROC AUC by the Mann-Whitney statistic (ties count half); undefined without both classes. */
export function auc(scores, labels) {
  const pos = [];
  const neg = [];
  scores.forEach((s, k) => (labels[k] ? pos : neg).push(s));
  if (!pos.length || !neg.length) return undefined;
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

/** Real epitope: antigen residues with a heavy atom within 4 Å of a heavy atom of the antibody. */
export function epitopeLabels(antigen, antibody) {
  const abAtoms = antibody.flatMap((r) => Object.values(r.atoms));
  const cell = 4;
  const grid = new Map();
  const key = (p) => p.map((v) => Math.floor(v / cell)).join(',');
  for (const a of abAtoms) {
    const k = key(a);
    grid.set(k, [...(grid.get(k) ?? []), a]);
  }
  return antigen.map((r) =>
    Object.values(r.atoms).some((p) => {
      const [cx, cy, cz] = p.map((v) => Math.floor(v / cell));
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (let dz = -1; dz <= 1; dz++)
            for (const q of grid.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? [])
              if ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2 <= 16) return true;
      return false;
    }),
  );
}
