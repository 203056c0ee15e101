import styles from './card-fact.module.css';

/** One labelled fact on a card (a task card, a library card): the label muted, the value cut with … and whole on hover. */
export function CardFact({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.fact}>
      <span className={styles.label}>{label}</span>
      <span className={styles.value} title={value}>
        {value}
      </span>
    </div>
  );
}
