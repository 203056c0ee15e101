import { Tooltip } from 'antd';
import styles from './long-text.module.css';

/** A long text in one line of a table cell, the whole text in a tooltip. */
export function LongText({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <Tooltip title={text} placement="topLeft">
      <span className={styles.ellipsis}>{text}</span>
    </Tooltip>
  );
}
