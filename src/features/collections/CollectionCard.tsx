import { Link } from '@tanstack/react-router';
import { Download, Eye, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import type { CollectionItem, ReplaceResult } from '@core/contract';
import { TagList } from '../../ui/TagList';
import { ChangeCharacterButton } from '../replace/ChangeCharacterButton';
import { CardImage } from './CardImage';
import { cardName, COLLECTION_TAGS } from './cardName';
import styles from './Collections.module.css';
import { OnlineButton } from '../../ui/OnlineButton';

/** Where a card stands, when it is neither simply private nor simply public (its view says more). */
const REVIEW_BADGE: Record<string, string | undefined> = { submitted: 'In review', rejected: 'Not accepted' };

interface Props {
  item: CollectionItem;
  onChat: (item: CollectionItem) => void;
  onView: (item: CollectionItem) => void;
  onDownload: (item: CollectionItem) => void;
  onDelete: (item: CollectionItem) => void;
  onReplaced: (item: CollectionItem, result: ReplaceResult) => void;
}

/**
 * One card of the collection: image, title, up to 5 tags and '+N', its actions, and Chat, whose
 * button covers the tile: a click anywhere but on another action opens the chat with the card.
 */
export function CollectionCard({ item, onChat, onView, onDownload, onDelete, onReplaced }: Props) {
  const name = cardName(item);
  const badge = REVIEW_BADGE[item.review?.state ?? 'private'];
  return (
    <article className={styles.card} aria-label={name}>
      <span className={styles.portrait}>
        <CardImage url={item.thumbnail_url} />
      </span>
      <div className={styles.body}>
        <h2 className={styles.name}>{name}</h2>
        {badge && <p className={styles.badge}>{badge}</p>}
        <TagList tags={item.card_data?.data?.tags ?? []} max={COLLECTION_TAGS} className={styles.tags} tagClassName={styles.tag} />
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => onView(item)} aria-label={`View ${name}`} title="View">
          <Eye size={18} aria-hidden="true" />
        </button>
        <Link
          to="/characters/$fileId/edit"
          params={{ fileId: item.file_id }}
          className={styles.action}
          aria-label={`Edit ${name}`}
          title="Edit"
        >
          <Pencil size={18} aria-hidden="true" />
        </Link>
        <OnlineButton
          type="button"
          className={styles.action}
          onClick={() => onDownload(item)}
          aria-label={`Download ${name}`}
          title="Download"
        >
          <Download size={18} aria-hidden="true" />
        </OnlineButton>
        <OnlineButton type="button" className={styles.action} onClick={() => onDelete(item)} aria-label={`Delete ${name}`} title="Delete">
          <Trash2 size={18} aria-hidden="true" />
        </OnlineButton>
      </div>
      <div className={styles.primaryActions}>
        <button type="button" className={styles.chat} onClick={() => onChat(item)} aria-label={`Chat with ${name}`}>
          <MessageCircle size={16} aria-hidden="true" />
          Chat
        </button>
        <ChangeCharacterButton
          className={styles.change}
          fileId={item.file_id}
          originalName={name}
          onReplaced={(result) => onReplaced(item, result)}
        />
      </div>
    </article>
  );
}
