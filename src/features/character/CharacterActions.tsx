import { Link } from '@tanstack/react-router';
import { Flag, MessageCircle, Pencil } from 'lucide-react';
import { useState } from 'react';
import type { CharacterPage } from '@core/contract';
import { useProfile } from '../../auth/useProfile';
import { CardDownloads } from '../cardFiles/CardDownloads';
import { FavoriteButton } from '../chat/panel/FavoriteButton';
import { useOpenCardChat } from '../gallery/cardActions';
import { AddToGroupButton } from '../groups/AddToGroupButton';
import { PublishControls } from '../review/PublishControls';
import styles from './CharacterPage.module.css';
import { cardText, characterOfPage, pageAsListed } from './characterText';
import { ReportDialog } from './ReportDialog';
import { ShareButton } from './ShareButton';

/** What one can do with the character: chat, add to a group, keep, download, share; its creator edits and publishes it; others report it. */
export function CharacterActions({ page }: { page: CharacterPage }) {
  const profile = useProfile();
  const openChat = useOpenCardChat();
  const [reporting, setReporting] = useState(false);
  const { name } = cardText(page);
  const isPublic = page.card_type === 'public';
  return (
    <div className={styles.actions}>
      <div className={styles.actionRow}>
        <button type="button" className={styles.primary} onClick={() => openChat(pageAsListed(page), page.card_type)}>
          <MessageCircle size={18} aria-hidden="true" />
          Chat
        </button>
        {/* A group lives on the server: it needs an account. */}
        {profile && <AddToGroupButton character={{ id: page.file_id, name }} className={styles.secondary} />}
        {profile && isPublic && <FavoriteButton character={characterOfPage(page)} id={page.file_id} />}
        <ShareButton name={name} fileId={page.file_id} isPublic={isPublic} />
        {page.is_owner && (
          <Link to="/characters/$fileId/edit" params={{ fileId: page.file_id }} className={styles.secondary}>
            <Pencil size={16} aria-hidden="true" />
            Edit
          </Link>
        )}
        {profile && isPublic && !page.is_owner && (
          <button type="button" className={styles.secondary} onClick={() => setReporting(true)}>
            <Flag size={16} aria-hidden="true" />
            Report
          </button>
        )}
      </div>
      <CardDownloads card={{ fileId: page.file_id, name, isPublic }} />
      {page.is_owner && page.review && (
        <PublishControls
          className={styles.publishing}
          fileId={page.file_id}
          name={name}
          review={page.review}
          rating={page.review.content_rating}
        />
      )}
      {reporting && <ReportDialog fileId={page.file_id} name={name} onClose={() => setReporting(false)} />}
    </div>
  );
}
