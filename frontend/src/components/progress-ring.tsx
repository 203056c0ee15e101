// The progress ring of 000 §9: 250 px, radius 80, line 10 px, filling over 2 s, the value (0–100) as a percent and
// a label under it (自动采集率 by default). Drawn as an SVG circle whose dash grows, so it needs no chart library.
import { useEffect, useState } from 'react';
import { BRAND_COLOR } from '../utils/constants';
import { formatPercent } from '../utils/formatters';

export const RING = { size: 250, radius: 80, lineWidth: 10, durationMs: 2000 } as const;

/** The value as the ring shows it: a number clamped to 0–100 (anything unreadable is 0). */
export function clampPercent(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

/**
 * The text in the ring: the progress value (000 §9: a percentage, 0–100) as every percent shows, '60.00%', and '0.00%'
 * without data (progressValue's bare '0' means no progress; shown as a percent like its neighbours), clamped to 0–100.
 */
export function ringText(value: string | number | null | undefined): string {
  return formatPercent(clampPercent(value));
}

/** The stroke dash of the filled arc: [filled length, circumference]. */
export function ringDash(percent: number, radius: number = RING.radius): [number, number] {
  const circumference = 2 * Math.PI * radius;
  return [(clampPercent(percent) / 100) * circumference, circumference];
}

/** The ring's colours on a light card, or on the data screen's dark background (issue 35: drawn for where it stands). */
export function ringColours(tone: 'light' | 'dark', color: string): { track: string; value: string; label: string } {
  return tone === 'dark' ? { track: 'rgba(255, 255, 255, 0.16)', value: '#4fd1ff', label: 'rgba(255, 255, 255, 0.75)' } : { track: '#eef0f4', value: color, label: '#666' };
}

export interface ProgressRingProps {
  /** 0–100, e.g. progressValue(filled, allocated) */
  value: string | number | null | undefined;
  label?: string;
  color?: string;
  /** 'dark' on the data screen's dark background */
  tone?: 'light' | 'dark';
}

export function ProgressRing({ value, label = '自动采集率', color = BRAND_COLOR, tone = 'light' }: ProgressRingProps) {
  const colours = ringColours(tone, color);
  const percent = clampPercent(value);
  // start empty and fill on the next frame, so the CSS transition draws the 2 s animation
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setShown(percent));
    return () => cancelAnimationFrame(frame);
  }, [percent]);
  const [filled, circumference] = ringDash(shown);
  const c = RING.size / 2;
  return (
    <div role="img" aria-label={`${label} ${ringText(value)}`} style={{ position: 'relative', width: RING.size, height: RING.size }}>
      <svg width={RING.size} height={RING.size} viewBox={`0 0 ${RING.size} ${RING.size}`}>
        <circle cx={c} cy={c} r={RING.radius} fill="none" stroke={colours.track} strokeWidth={RING.lineWidth} />
        <circle
          cx={c}
          cy={c}
          r={RING.radius}
          fill="none"
          stroke={colours.value}
          strokeWidth={RING.lineWidth}
          strokeLinecap="round"
          strokeDasharray={`${filled} ${circumference}`}
          transform={`rotate(-90 ${c} ${c})`}
          style={{ transition: `stroke-dasharray ${RING.durationMs}ms ease-out` }}
        />
      </svg>
      <div style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }}>
        <span data-testid="progress-ring-value" style={{ fontSize: 28, fontWeight: 600, color: colours.value }}>
          {ringText(value)}
        </span>
        <span style={{ color: colours.label }}>{label}</span>
      </div>
    </div>
  );
}
