import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useProfile } from '../../auth/useProfile';
import type { GalleryQuery } from '../../api/images';
import { Gallery } from './Gallery';
import { GallerySorts } from './GallerySorts';
import styles from './HomePage.module.css';

const route = getRouteApi('/');

/**
 * Home (/): the hero, the 'Character Cards' tab and the public gallery, in the chosen sort and
 * filtered by the top bar's search (`q`) and the tag chips. NSFW cards are in it for people who
 * confirmed their age and chose to see them (Profile).
 */
export function HomePage() {
  const { q, sort, tags } = route.useSearch();
  const profile = useProfile();
  const nsfw = profile?.adult_confirmed === true && profile.show_nsfw === true;
  const query = useMemo<GalleryQuery>(() => ({ q, sort, tags: tags ? tags.split(',') : [], nsfw }), [q, sort, tags, nsfw]);
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
        <GallerySorts current={sort} />
        <Gallery query={query} tagChips />
      </div>
    </div>
  );
}
