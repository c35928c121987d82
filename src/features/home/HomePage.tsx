import styles from './HomePage.module.css';

/** The hero and the gallery's tab; the gallery itself arrives with the cards work (issue 3). */
export function HomePage() {
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.title}>Find your next character</h1>
        <p className={styles.lead}>
          Browse character cards shared by the community, chat with them, and bring your own from SillyTavern,
          chub.ai or RisuAI.
        </p>
      </section>
      <div className={styles.tabs} role="tablist" aria-label="Gallery">
        <button type="button" role="tab" aria-selected="true" className={styles.tab}>
          Character Cards
        </button>
      </div>
    </div>
  );
}
