import { Link } from '@tanstack/react-router';
import { MessageCircle } from 'lucide-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { collectionItem } from '../../db/collections';
import type { CollectionItem } from '@core/contract';
import { cardTypeOf, useOpenCardChat } from '../gallery/cardActions';
import { PublishControls } from '../review/PublishControls';
import styles from './Editor.module.css';

/** After a save: the way to the chat, and where the card now is. */
export function SavedPanel({ item, isNew, onDismiss }: { item: CollectionItem; isNew: boolean; onDismiss: () => void }) {
  const openChat = useOpenCardChat();
  // As the device has it now: a submission made here changes it.
  const current = useLiveQuery(() => collectionItem(item.file_id), [item.file_id]) ?? item;
  const panel = useRef<HTMLDivElement>(null);
  // The form is long: the result comes into view wherever the person was. A block body: Chromium's
  // scrollIntoView now returns a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'nearest' });
  }, [item]);
  return (
    <div className={styles.success} role="status" ref={panel}>
      <p>
        {item.display_title} is saved
        {isNew
          ? item.is_public === 1
            ? ': a public card, in the gallery and My Collections.'
            : ': a private card in My Collections.'
          : '.'}
      </p>
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} onClick={() => openChat(item, cardTypeOf(item))}>
          <MessageCircle size={18} aria-hidden="true" />
          Start chatting
        </button>
        {isNew && (
          <Link to="/characters/$fileId/edit" params={{ fileId: item.file_id }} className={styles.secondary}>
            Keep editing it
          </Link>
        )}
        <Link to="/collections" className={styles.secondary}>
          View in My Collections
        </Link>
        {isNew && (
          <button type="button" className={styles.secondary} onClick={onDismiss}>
            Create another
          </button>
        )}
      </div>
      {isNew && current.is_public !== 1 && current.review && (
        <PublishControls
          fileId={current.file_id}
          name={current.display_title}
          review={current.review}
          rating={current.content_rating ?? 'sfw'}
        />
      )}
    </div>
  );
}
