import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useProfile } from '../../auth/useProfile';
import { Spinner } from '../../ui/Spinner';
import { CharacterActions } from './CharacterActions';
import { CharacterHero } from './CharacterHero';
import styles from './CharacterPage.module.css';
import { CharacterSections } from './CharacterSections';
import { cardText } from './characterText';
import { useCharacterPage, type PageProblem } from './useCharacterPage';

const PROBLEMS: Record<PageProblem, { title: string; text: string }> = {
  missing: { title: "This character isn't here", text: 'It may have been deleted or made private by its creator.' },
  adults: {
    title: 'This character is for adults',
    text: 'Sign in and confirm in Profile that you are 18 or older to see it.',
  },
  offline: {
    title: "This character can't be opened right now",
    text: "It opens here once cardchat can be reached; it hasn't been seen on this device before.",
  },
  error: { title: 'Failed to load the character', text: 'Please try again.' },
};

/**
 * A character's page (/characters/{file_id}): everything about the character before a chat, and the
 * ways to chat, keep, download, share, edit, publish or report it. Public cards for everyone, a
 * private one for its owner; a page seen before opens offline.
 */
export function CharacterPage({ fileId }: { fileId: string }) {
  const { page, problem, loading, retry } = useCharacterPage(fileId);
  const profile = useProfile();
  const name = page ? cardText(page).name : null;

  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} · cardchat`;
    return () => {
      document.title = before;
    };
  }, [name]);

  if (page === undefined || (page === null && loading)) {
    return (
      <div className={styles.status}>
        <Spinner label="Loading the character..." />
      </div>
    );
  }
  // A page the server no longer shows is gone from this device too; one only out of reach shows as last seen.
  if (!page || problem === 'missing' || problem === 'adults') {
    const shown = PROBLEMS[problem ?? 'error'];
    return (
      <div className={styles.status} role="alert">
        <h1 className={styles.statusTitle}>{shown.title}</h1>
        <p>{shown.text}</p>
        <p className={styles.statusActions}>
          {(problem === 'offline' || problem === 'error') && (
            <button type="button" className={styles.secondary} onClick={retry}>
              Retry
            </button>
          )}
          <Link to="/" className={styles.secondary}>
            Back to Home
          </Link>
        </p>
      </div>
    );
  }

  const nsfwHidden = page.content_rating === 'nsfw' && !page.is_owner && profile?.show_nsfw !== true;
  return (
    <article className={styles.page} aria-labelledby="character-name">
      {problem === 'offline' && (
        <p className={styles.notice} role="status">
          You&apos;re offline: this is the character as this device last saw it.
        </p>
      )}
      <div className={styles.top}>
        <CharacterHero page={page} blurred={nsfwHidden} />
        <CharacterActions page={page} />
      </div>
      <CharacterSections page={page} />
    </article>
  );
}
