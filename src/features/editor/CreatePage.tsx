import { Link } from '@tanstack/react-router';
import { useProfile } from '../../auth/useProfile';
import { UploadPage } from '../upload/UploadPage';
import { CharacterEditor } from './CharacterEditor';
import styles from './CreatePage.module.css';

export type CreateTab = 'upload' | 'character';

/**
 * /create: 'Upload a card' (a card made elsewhere) or 'Create a character' (the editor). The tabs are
 * links, so each view has its own address and Back returns to the other one.
 */
export function CreatePage({ tab }: { tab: CreateTab }) {
  const profile = useProfile();
  return (
    <>
      <nav className={styles.tabs} aria-label="Create">
        <Link to="/create" search={{}} className={styles.tab} aria-current={tab === 'upload' ? 'page' : undefined}>
          Upload a card
        </Link>
        <Link to="/create" search={{ tab: 'character' }} className={styles.tab} aria-current={tab === 'character' ? 'page' : undefined}>
          Create a character
        </Link>
      </nav>
      {tab === 'upload' ? <UploadPage /> : <CharacterEditor target={{ kind: 'new', creator: profile?.name ?? '' }} />}
    </>
  );
}
