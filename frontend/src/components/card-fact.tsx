import { Fragment } from 'react';
import styles from './card-fact.module.css';

/**
 * One labelled fact on a card (a task card, a library card): the label muted, the value cut with … and whole on hover;
 * `wrap` lets a value that must be read whole (a date range) go on to a second line at its spaces instead, each word
 * kept whole (Chromium would break a date after its hyphen).
 */
export function CardFact({ label, value, wrap = false }: { label: string; value: string; wrap?: boolean }) {
  return (
    <div className={styles.fact}>
      <span className={styles.label}>{label}</span>
      <span className={wrap ? styles.wrapped : styles.value} title={value}>
        {wrap
          ? value.split(' ').map((word, i) => (
              <Fragment key={i}>
                {i > 0 ? ' ' : ''}
                <span className={styles.word}>{word}</span>
              </Fragment>
            ))
          : value}
      </span>
    </div>
  );
}
