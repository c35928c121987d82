import { Link } from '@tanstack/react-router';
import { Eye, EyeOff, Heart, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import type { CharacterPage } from '@core/contract';
import { DEFAULT_AVATAR } from '../../ui/Avatar';
import { useAvatarSrc } from '../chat/history/useAvatarSrc';
import styles from './CharacterPage.module.css';
import { cardText } from './characterText';

/** The page's top: portrait (an NSFW one blurred until tapped), name, creator, tags and counts. */
export function CharacterHero({ page, blurred }: { page: CharacterPage; blurred: boolean }) {
  const { name, creator, tags } = cardText(page);
  const src = useAvatarSrc(page.thumbnail_url, page.card_type) ?? undefined;
  const [revealed, setRevealed] = useState(false);
  const [failed, setFailed] = useState(false);
  const hidden = blurred && !revealed;
  const stats = [
    { label: 'Chats', Icon: MessageCircle, value: page.stats.chats },
    { label: 'Likes', Icon: Heart, value: page.stats.likes },
    { label: 'Views', Icon: Eye, value: page.stats.views },
  ];
  return (
    <header className={styles.hero}>
      <div className={hidden ? `${styles.portrait} ${styles.blurred}` : styles.portrait}>
        {src && (
          <img
            src={failed ? DEFAULT_AVATAR : src}
            alt={`Portrait of ${name}`}
            width={480}
            height={720}
            fetchPriority="high"
            onError={() => setFailed(true)}
          />
        )}
        {hidden && (
          <button type="button" className={styles.reveal} onClick={() => setRevealed(true)}>
            <EyeOff size={18} aria-hidden="true" />
            NSFW · tap to show
          </button>
        )}
      </div>
      <div className={styles.heading}>
        <h1 id="character-name" className={styles.name}>
          {name}
        </h1>
        <p className={styles.creator}>
          {page.creator_handle ? (
            <>
              by{' '}
              <Link to="/@{$handle}" params={{ handle: page.creator_handle }}>
                @{page.creator_handle}
              </Link>
            </>
          ) : (
            creator && <>by {creator}</>
          )}
          {page.content_rating === 'nsfw' && <span className={styles.rating}>NSFW</span>}
        </p>
        {tags.length > 0 && (
          <ul className={styles.tags} aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag}>
                <Link to="/" search={{ tags: tag.toLowerCase() }} className={styles.tag}>
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <dl className={styles.stats}>
          {stats.map(({ label, Icon, value }) => (
            <div key={label}>
              <dt>
                <Icon size={16} aria-hidden="true" />
                {label}
              </dt>
              <dd>{value.toLocaleString()}</dd>
            </div>
          ))}
        </dl>
      </div>
    </header>
  );
}
