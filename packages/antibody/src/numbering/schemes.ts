import { insertionCode, type Position } from './positions';

export type Scheme = 'imgt' | 'kabat' | 'chothia';
export type ChainClass = 'heavy' | 'light';

/** A residue with its IMGT position, in sequence order. */
export interface ImgtResidue extends Position {
  residue: string;
}

/**
 * Kabat and Chothia numbering derived from IMGT numbering, the way ANARCI derives them (Dunbar &
 * Deane 2016): the IMGT positions are split into regions; framework regions map position by position
 * with a fixed offset, IMGT positions absent from the scheme becoming insertions on the previous
 * number (e.g. IMGT 92-94 -> Kabat 82A-82C); the loop regions are renumbered from their length with the
 * scheme's insertion point (Kabat H35, H52, H100, L27, L52, L95; Chothia H31, H52, H100, L30, L52, L95).
 */
interface MapRegion {
  kind: 'map';
  from: number;
  to: number;
  /** Scheme number minus IMGT position at the start of the region. */
  rel: number;
  /** IMGT positions with no equivalent in the scheme. */
  absent: readonly number[];
}

interface LoopRegion {
  kind: 'loop';
  from: number;
  to: number;
  /** Positions for a loop of the given length; undefined lets the region map like a framework. */
  place: (length: number) => Position[] | undefined;
  fallback?: MapRegion;
}

type Region = MapRegion | LoopRegion;

const p = (number: number, insertion = ''): Position => ({ number, insertion });
const range = (a: number, b: number): Position[] =>
  Array.from({ length: b - a + 1 }, (_, k) => p(a + k));
const inserts = (at: number, count: number): Position[] =>
  Array.from({ length: Math.max(0, count) }, (_, k) => p(at, insertionCode(k)));

/** Insertions on 100 (heavy) or 95 (light), positions removed from the given deletion order. */
function cdr3(length: number, deletionOrder: number[], insertAt: number): Position[] {
  const kept = deletionOrder.slice(Math.max(0, deletionOrder.length - length)).map((n) => p(n));
  const all = [...kept, ...inserts(insertAt, length - deletionOrder.length)];
  return all.sort((a, b) => a.number - b.number || (a.insertion < b.insertion ? -1 : 1));
}

const heavyH2 = (length: number): Position[] => [
  ...[p(50), p(51), p(52)].slice(0, Math.max(0, length - 5)),
  ...inserts(52, length - 8),
  ...range(53, 57).slice(Math.abs(Math.min(0, length - 5))),
];

const heavyH3 = (length: number): Position[] =>
  cdr3(length, [100, 99, 98, 97, 96, 95, 101, 102, 94, 93], 100);

const lightL3 = (length: number): Position[] =>
  cdr3(length, [95, 94, 93, 92, 91, 96, 97, 90, 89], 95);

const lightL2Map: MapRegion = {
  kind: 'map',
  from: 57,
  to: 67,
  rel: -6,
  absent: [58, 59, 60, 61, 62, 63, 64],
};
const lightL2 = (length: number): Position[] | undefined =>
  length > 4 ? [p(51), p(52), ...inserts(52, length - 4), p(53), p(54)] : undefined;

function lightL1(length: number, insertAt: number): Position[] {
  const before = range(24, insertAt).slice(0, Math.max(0, length));
  const after = range(insertAt + 1, 34).slice(Math.abs(Math.min(0, length - 11)));
  return [...before, ...inserts(insertAt, length - 11), ...after];
}

const HEAVY_COMMON_HEAD: Region[] = [
  { kind: 'map', from: 1, to: 10, rel: 0, absent: [10] },
  { kind: 'map', from: 11, to: 23, rel: -1, absent: [] },
];

const HEAVY_TAIL: Region[] = [
  { kind: 'loop', from: 55, to: 65, place: heavyH2 },
  { kind: 'map', from: 66, to: 104, rel: -8, absent: [73, 92, 93, 94] },
  { kind: 'loop', from: 105, to: 117, place: heavyH3 },
  { kind: 'map', from: 118, to: 128, rel: -15, absent: [] },
];

const REGIONS: Record<'kabat' | 'chothia', Record<ChainClass, Region[]>> = {
  kabat: {
    heavy: [
      ...HEAVY_COMMON_HEAD,
      {
        kind: 'loop',
        from: 24,
        to: 40,
        place: (n) => [...range(23, 35).slice(0, n), ...inserts(35, n - 13)],
      },
      { kind: 'map', from: 41, to: 54, rel: -5, absent: [] },
      ...HEAVY_TAIL,
    ],
    light: lightRegions((n) => lightL1(n, 27), false),
  },
  chothia: {
    heavy: [
      ...HEAVY_COMMON_HEAD,
      {
        kind: 'loop',
        from: 24,
        to: 38,
        place: (n) =>
          n > 11
            ? [...range(23, 31), ...inserts(31, n - 11), p(32), p(33)]
            : [...range(23, 31).slice(0, Math.max(0, n - 2)), ...[p(32), p(33)].slice(0, n)],
      },
      { kind: 'map', from: 39, to: 54, rel: -5, absent: [] },
      ...HEAVY_TAIL,
    ],
    light: lightRegions((n) => lightL1(n, 30), true),
  },
};

function lightRegions(l1: (n: number) => Position[], chothiaFr3: boolean): Region[] {
  const fr3: MapRegion = { kind: 'map', from: 68, to: 104, rel: -13, absent: [73, 81, 82] };
  return [
    { kind: 'map', from: 1, to: 23, rel: 0, absent: [] },
    { kind: 'loop', from: 24, to: 40, place: l1 },
    { kind: 'map', from: 41, to: 56, rel: -6, absent: [] },
    { kind: 'loop', from: 57, to: 67, place: lightL2, fallback: lightL2Map },
    chothiaFr3 ? { kind: 'loop', from: 68, to: 104, place: chothiaLightFr3, fallback: fr3 } : fr3,
    { kind: 'loop', from: 105, to: 117, place: lightL3 },
    { kind: 'map', from: 118, to: 128, rel: -20, absent: [] },
  ];
}

/** Chothia light FR3: insertions on 68, and 68 is the first position to go. */
function chothiaLightFr3(length: number): Position[] | undefined {
  if (length > 34) return [...range(55, 68), ...inserts(68, length - 34), ...range(69, 88)];
  if (length === 33) return [...range(55, 67), ...range(69, 88)];
  return undefined;
}

/** Converts IMGT-numbered residues (in sequence order) to Kabat or Chothia positions. */
export function convertFromImgt(
  residues: ImgtResidue[],
  scheme: 'kabat' | 'chothia',
  chain: ChainClass,
): Position[] {
  const out: Position[] = [];
  for (const region of REGIONS[scheme][chain]) {
    const members = residues.filter((r) => r.number >= region.from && r.number <= region.to);
    if (members.length === 0) continue;
    const placed = region.kind === 'loop' ? region.place(members.length) : undefined;
    if (placed && placed.length === members.length) {
      out.push(...placed);
      continue;
    }
    const map = region.kind === 'map' ? region : region.fallback;
    if (!map) throw new Error(`cannot number region ${region.from}-${region.to}`);
    const mapped = mapRegion(members, map);
    out.push(...(chain === 'heavy' && map.from === 1 ? heavyFr1Insertions(mapped) : mapped));
  }
  return out;
}

/** Position-by-position mapping with the offset rule described above. */
function mapRegion(members: ImgtResidue[], region: MapRegion): Position[] {
  const out: Position[] = [];
  let rel = region.rel;
  let insertion = -1;
  let previous = region.from - 1;
  let previousDeleted = true;
  let k = 0;
  for (let pos = region.from; pos <= region.to; pos++) {
    const absent = region.absent.includes(pos);
    const here = k < members.length && members[k].number === pos && members[k].insertion === '';
    if (!here) {
      if (absent) rel--;
      else {
        insertion = -1;
        previous = pos;
      }
      previousDeleted = true;
    } else {
      if (absent) {
        if (!previousDeleted) insertion++;
        rel--;
      } else insertion = -1;
      out.push({ number: pos + rel, insertion: insertion >= 0 ? insertionCode(insertion) : '' });
      previous = pos;
      previousDeleted = false;
      k++;
    }
    while (k < members.length && members[k].number === pos && members[k].insertion !== '') {
      insertion++;
      out.push({ number: previous + rel, insertion: insertionCode(insertion) });
      previousDeleted = false;
      k++;
    }
  }
  return out;
}

/** Kabat/Chothia heavy FR1: any insertion found there is written on position 6. */
function heavyFr1Insertions(mapped: Position[]): Position[] {
  const count = mapped.filter((q) => q.insertion !== '').length;
  if (count === 0) return mapped;
  const first = mapped[0].number;
  const placed = [...range(first, 6), ...inserts(6, count), ...range(7, 9)];
  return placed.slice(0, mapped.length);
}
