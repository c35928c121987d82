import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CollectionItem } from '@core/contract';
import { useSession } from '../../auth/useSession';
import { cardHasChats, deleteCollectionCard, forgetReplacedCard } from '../../sync/collections';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { useOnline, useSavedCopyNote } from '../../lib/useOnline';
import { cardTypeOf, useOpenCardChat } from '../gallery/cardActions';
import { cardName } from './cardName';
import { CollectionCard } from './CollectionCard';
import { downloadCollectionImage } from './collectionActions';
import styles from './Collections.module.css';
import { CollectionViewDialog } from './CollectionViewDialog';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';
import { deleteErrorMessage } from './deleteMessage';
import { Pagination } from './Pagination';
import { useCollections } from './useCollections';
import { OnlineButton } from '../../ui/OnlineButton';

/** 'My Collections': the user's uploaded cards, 12 a page, from Dexie. */
export function CollectionsPage() {
  const collections = useCollections();
  const online = useOnline();
  const savedNote = useSavedCopyNote('cards');
  const session = useSession();
  const isAdmin = session.status === 'signedIn' && session.profile.is_admin;
  const [viewing, setViewing] = useState<CollectionItem | null>(null);
  const [deleting, setDeleting] = useState<{
    item: CollectionItem;
    twoStep: boolean;
  } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const openChat = useOpenCardChat();
  const { items, phase } = collections;

  const askDelete = async (item: CollectionItem) => {
    setMessage(null);
    setDeleting({ item, twoStep: await cardHasChats(item) });
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const { item, twoStep } = deleting;
    setDeleting(null);
    try {
      await deleteCollectionCard(item, isAdmin, twoStep);
      collections.reload();
    } catch (error) {
      setMessage(deleteErrorMessage(error));
    }
  };
  const download = (item: CollectionItem) => {
    setMessage(null);
    downloadCollectionImage(item).catch((error: unknown) => {
      console.error('Failed to download image', error);
      setMessage('Failed to download image');
    });
  };
  const replaced = (original: CollectionItem) => {
    // The server deleted the user's own original; the new card comes with the next pull.
    void forgetReplacedCard(original.file_id).then(collections.reload);
  };

  let content;
  if (items === undefined) content = null;
  else if (items.length === 0 && phase === 'loading') content = <Spinner label="Loading collections..." />;
  else if (items.length === 0 && phase !== 'ready') {
    content = (
      <div className={styles.status} role="alert">
        <p className={styles.statusTitle}>
          {collections.error ?? (phase === 'offline' ? 'Network error occurred' : 'Failed to load collections')}
        </p>
        <OnlineButton type="button" className={styles.button} onClick={collections.reload}>
          Retry
        </OnlineButton>
      </div>
    );
  } else if (items.length === 0) {
    content = (
      <div className={styles.status}>
        <p className={styles.statusTitle}>No Collections Yet</p>
        <p>Upload a character card and it will appear here.</p>
        <Link to="/create" className={styles.button}>
          Upload a character
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <div className={styles.grid}>
          {items.map((item) => (
            <CollectionCard
              key={item.file_id}
              item={item}
              onChat={(card) => openChat(card, cardTypeOf(card))}
              onView={setViewing}
              onDownload={download}
              onDelete={(card) => void askDelete(card)}
              onReplaced={replaced}
            />
          ))}
        </div>
        <Pagination page={collections.page} totalPages={collections.totalPages ?? 1} onPage={collections.setPage} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title="My Collections" />
      <div className={styles.content}>
        {!online && (
          <p className={styles.notice} role="status">
            {savedNote}
          </p>
        )}
        {message && (
          <p className={styles.error} role="alert">
            {message}
          </p>
        )}
        {content}
      </div>
      <CollectionViewDialog item={viewing} onClose={() => setViewing(null)} />
      <ConfirmDeleteDialog
        name={deleting ? cardName(deleting.item) : null}
        twoStep={deleting?.twoStep ?? false}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
