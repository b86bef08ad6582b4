import { useLingui } from '@lingui/react/macro';
import type { EpitopeMethod, EpitopePrediction, MethodResult } from '@platform/antibody';

import { EPITOPE_METHODS } from '../labels';

// A small SVG chart (one strip per method and one for the consensus votes) rather than a chart
// library: four polylines and a few rectangles do not justify another dependency on this screen.

const METHOD_ORDER: EpitopeMethod[] = ['kolaskar-tongaonkar', 'parker', 'emini', 'chou-fasman'];
const COLORS: Record<EpitopeMethod, string> = {
  'kolaskar-tongaonkar': 'var(--mantine-color-blue-6)',
  parker: 'var(--mantine-color-teal-6)',
  emini: 'var(--mantine-color-grape-6)',
  'chou-fasman': 'var(--mantine-color-orange-6)',
};
const STRIP = 64;
const GAP = 18;
const LEFT = 8;
const STEP = 6;

/** Polyline points of the defined scores, split where a score is missing (sequence ends). */
function lines(scores: (number | null)[], low: number, high: number, top: number): string[] {
  const span = high - low || 1;
  const out: string[] = [];
  let current: string[] = [];
  scores.forEach((s, i) => {
    if (s === null) {
      if (current.length) out.push(current.join(' '));
      current = [];
      return;
    }
    const y = top + STRIP - ((s - low) / span) * STRIP;
    current.push(`${LEFT + i * STEP + STEP / 2},${y.toFixed(1)}`);
  });
  if (current.length) out.push(current.join(' '));
  return out;
}

function Strip({ result, top, label }: { result: MethodResult; top: number; label: string }) {
  const defined = result.scores.filter((s): s is number => s !== null);
  const low = Math.min(result.threshold, ...defined);
  const high = Math.max(result.threshold, ...defined);
  const span = high - low || 1;
  const thresholdY = top + STRIP - ((result.threshold - low) / span) * STRIP;
  const width = LEFT + result.scores.length * STEP;
  return (
    <g data-testid={`epitope-strip-${result.method}`}>
      <text x={LEFT} y={top - 4} fontSize={11} fill="currentColor">
        {label} · {result.threshold}
      </text>
      {result.segments.map((s) => (
        <rect
          key={s.start}
          x={LEFT + (s.start - 1) * STEP}
          y={top}
          width={(s.end - s.start + 1) * STEP}
          height={STRIP}
          fill={COLORS[result.method]}
          opacity={0.12}
        />
      ))}
      <line
        x1={LEFT}
        x2={width}
        y1={thresholdY}
        y2={thresholdY}
        stroke="var(--mantine-color-gray-6)"
        strokeDasharray="4 3"
      />
      {lines(result.scores, low, high, top).map((points, k) => (
        <polyline
          key={k}
          points={points}
          fill="none"
          stroke={COLORS[result.method]}
          strokeWidth={1.5}
        />
      ))}
    </g>
  );
}

/** Per-residue scores of the four methods (dashed: threshold; shaded: segments) and the votes. */
export function EpitopeChart({ prediction }: { prediction: EpitopePrediction }) {
  const { i18n, t } = useLingui();
  const n = prediction.sequence.length;
  const width = LEFT * 2 + n * STEP;
  const votesTop = METHOD_ORDER.length * (STRIP + GAP) + GAP;
  const height = votesTop + STRIP / 2 + 20;
  const { votes, minVotes } = prediction.consensus;
  return (
    <div style={{ overflowX: 'auto' }}>
      <svg
        width={Math.max(width, 320)}
        height={height}
        role="img"
        aria-label={t`Epitope scores per residue`}
        data-testid="epitope-chart"
      >
        {METHOD_ORDER.map((method, k) => (
          <Strip
            key={method}
            result={prediction.methods[method]}
            top={GAP + k * (STRIP + GAP)}
            label={i18n._(EPITOPE_METHODS[method])}
          />
        ))}
        <text x={LEFT} y={votesTop - 4} fontSize={11} fill="currentColor">
          {t`Consensus votes (at least ${minVotes} of 4)`}
        </text>
        {votes.map((v, i) => (
          <rect
            key={i}
            x={LEFT + i * STEP}
            y={votesTop + (STRIP / 2) * (1 - v / 4)}
            width={STEP - 1}
            height={(STRIP / 2) * (v / 4)}
            fill={v >= minVotes ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-4)'}
          >
            <title>{`${i + 1} ${prediction.sequence[i]}: ${v}`}</title>
          </rect>
        ))}
        {Array.from({ length: Math.floor(n / 10) }, (_, k) => (k + 1) * 10).map((pos) => (
          <text
            key={pos}
            x={LEFT + (pos - 1) * STEP + STEP / 2}
            y={height - 4}
            fontSize={9}
            textAnchor="middle"
            fill="var(--mantine-color-dimmed)"
          >
            {pos}
          </text>
        ))}
      </svg>
    </div>
  );
}
