import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { normalizeHandle } from '@core/creators/handle';
import { ApiError } from '../../api/errors';
import type { GalleryQuery } from '../../api/images';
import { useProfile } from '../../auth/useProfile';
import { storedCreator } from '../../db/creators';
import { onReconnected } from '../../lib/connectivity';
import { Avatar } from '../../ui/Avatar';
import { Handle } from '../../ui/Handle';
import { Spinner } from '../../ui/Spinner';
import { Gallery } from '../gallery/Gallery';
import { pullCreator } from '../../sync/creators';
import styles from './CreatorPage.module.css';

/** A creator's public page (/@handle): their avatar, bio and totals, then their published cards. Nothing private. */
export function CreatorPage({ handle: asked }: { handle: string }) {
  const handle = normalizeHandle(asked);
  const creator = useLiveQuery(() => storedCreator(handle), [handle]);
  const profile = useProfile();
  const nsfw = profile?.adult_confirmed === true && profile.show_nsfw === true;
  const [missing, setMissing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const query = useMemo<GalleryQuery>(() => ({ creator: handle, nsfw }), [handle, nsfw]);

  useEffect(() => {
    pullCreator(handle).then(
      () => setMissing(false),
      (error: unknown) => setMissing(error instanceof ApiError && error.status === 404),
    );
  }, [handle, attempt]);
  useEffect(() => onReconnected(() => setAttempt((n) => n + 1)), []);

  if (missing) {
    return (
      <div className={styles.status} role="alert">
        <h1 className={styles.statusTitle}>No creator is called @{handle}</h1>
        <p>
          <Link to="/">Back to Home</Link>
        </p>
      </div>
    );
  }
  if (!creator) {
    return (
      <div className={styles.status}>
        <Spinner label="Loading the creator..." />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Avatar src={creator.avatar_url} alt="" size={96} />
        <div className={styles.who}>
          <h1 className={styles.handle}>
            <Handle handle={creator.handle} />
          </h1>
          {creator.bio && <p className={styles.bio}>{creator.bio}</p>}
          <dl className={styles.totals}>
            <div>
              <dt>Characters</dt>
              <dd>{creator.totals.cards.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Chats</dt>
              <dd>{creator.totals.chats.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Likes</dt>
              <dd>{creator.totals.likes.toLocaleString()}</dd>
            </div>
            <div>
              <dt>Joined</dt>
              <dd>{new Date(creator.joined_at).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })}</dd>
            </div>
          </dl>
        </div>
      </header>
      <h2 className={styles.cardsTitle}>
        Characters by <Handle handle={creator.handle} />
      </h2>
      <Gallery query={query} />
    </div>
  );
}
