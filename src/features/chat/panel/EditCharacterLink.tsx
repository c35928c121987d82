import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Pencil } from 'lucide-react';
import { collectionItem } from '../../../db/collections';
import styles from './CharacterPanel.module.css';

/**
 * 'Edit' for the user's own card: a private card is only ever its owner's, and a public one is the
 * user's when it is among their uploads (an administrator's published card).
 */
export function EditCharacterLink({ fileId, cardType }: { fileId: string; cardType: 'public' | 'user' }) {
  const own = useLiveQuery(async () => cardType === 'user' || (await collectionItem(fileId)) !== undefined, [fileId, cardType]);
  if (!own) return null;
  return (
    <Link to="/characters/$fileId/edit" params={{ fileId }} className={styles.edit}>
      <Pencil size={16} aria-hidden="true" />
      Edit character
    </Link>
  );
}
