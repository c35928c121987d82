import { getRouteApi } from '@tanstack/react-router';
import { Gallery } from './Gallery';
import styles from './HomePage.module.css';

const route = getRouteApi('/');

/** Home (/): the hero, the 'Character Cards' tab and the public gallery, filtered by the top bar's `q`. */
export function HomePage() {
  const { q } = route.useSearch();
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <h1 className={styles.title}>Find your next character</h1>
        <p className={styles.lead}>
          Browse character cards shared by the community, chat with them, and bring your own from SillyTavern, chub.ai or RisuAI.
        </p>
      </section>
      <div className={styles.tabs} role="tablist" aria-label="Gallery">
        <button type="button" role="tab" aria-selected="true" aria-controls="gallery-panel" id="gallery-tab" className={styles.tab}>
          Character Cards
        </button>
      </div>
      <div role="tabpanel" id="gallery-panel" aria-labelledby="gallery-tab">
        <Gallery q={q} />
      </div>
    </div>
  );
}
