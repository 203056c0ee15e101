import { Tag, Tooltip } from 'antd';
import type { ValueType } from '../../../../api/diagnosis';
import { MISS_TEXT, effectiveValue, formatValue, gradeTag } from '../quality-values';
import styles from '../improvement.module.css';

/** A grade as a coloured tag (A 优秀 … N 未达成); nothing when there is no grade. reading: what it was measured against (a tooltip). */
export function GradeTag({ grade, reading }: { grade: string | null | undefined; reading?: string | null }) {
  const tag = gradeTag(grade);
  if (!tag) return null;
  const look = (
    <Tag color={tag.color} className={styles.gradeTag} title={reading ? undefined : (grade ?? undefined)} tabIndex={reading ? 0 : undefined} aria-label={reading ?? undefined}>
      {tag.text}
    </Tag>
  );
  return reading ? <Tooltip title={reading}>{look}</Tooltip> : look;
}

/** 未达标 (missReading): the tooltip says which reference value the result missed. */
export function MissTag({ reading }: { reading: string | null }) {
  if (!reading) return null;
  return (
    <Tooltip title={reading}>
      <Tag color="error" className={styles.missTag} tabIndex={0} aria-label={reading} data-testid="miss-tag">
        {MISS_TEXT}
      </Tag>
    </Tooltip>
  );
}

/**
 * A target or result: the revised value when filled in, else the original (001 §3); under a revision the
 * original shows in a tooltip.
 */
export function EffectiveValue({ type, original, revised, originalLabel }: { type: ValueType; original: string | null; revised: string | null; originalLabel: string }) {
  const shown = effectiveValue(original, revised);
  const text = formatValue(type, shown.value);
  if (!shown.revised) return <>{text}</>;
  return (
    <Tooltip title={`${originalLabel}：${formatValue(type, shown.original) || '（空）'}`}>
      <span className={styles.revised} tabIndex={0}>
        {text}
      </span>
    </Tooltip>
  );
}
