import { Tag, Tooltip } from 'antd';
import type { ValueType } from '../../../../api/diagnosis';
import { effectiveValue, formatValue, gradeTag } from '../quality-values';
import styles from '../improvement.module.css';

/** A grade as a coloured tag (A 优秀 … N 未达成); nothing when there is no grade. */
export function GradeTag({ grade }: { grade: string | null | undefined }) {
  const tag = gradeTag(grade);
  if (!tag) return null;
  return (
    <Tag color={tag.color} className={styles.gradeTag} title={grade ?? undefined}>
      {tag.text}
    </Tag>
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
