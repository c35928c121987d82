import { Download, Eye, Trash2 } from 'lucide-react';
import type { CollectionItem, ReplaceResult } from '../../../core/contract';
import { ChangeCharacterButton } from '../replace/ChangeCharacterButton';
import { CardImage } from './CardImage';
import { cardName, cardTags } from './cardName';
import styles from './Collections.module.css';

interface Props {
  item: CollectionItem;
  /** Why cardchat cannot be used right now (lib/useOnline.ts); undefined while it answers. */
  offline?: string;
  onView: (item: CollectionItem) => void;
  onDownload: (item: CollectionItem) => void;
  onDelete: (item: CollectionItem) => void;
  onReplaced: (item: CollectionItem, result: ReplaceResult) => void;
}

/** One card of the collection: image, title, up to 5 tags and its actions. */
export function CollectionCard({ item, offline, onView, onDownload, onDelete, onReplaced }: Props) {
  const name = cardName(item);
  return (
    <article className={styles.card} aria-label={name}>
      <span className={styles.portrait}>
        <CardImage url={item.thumbnail_url} />
      </span>
      <div className={styles.body}>
        <h2 className={styles.name}>{name}</h2>
        <ul className={styles.tags} aria-label="Tags">
          {cardTags(item).map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.action} onClick={() => onView(item)} aria-label={`View ${name}`} title="View">
          <Eye size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={() => onDownload(item)}
          disabled={offline !== undefined}
          aria-label={`Download ${name}`}
          title={offline ?? 'Download'}
        >
          <Download size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className={styles.action}
          onClick={() => onDelete(item)}
          disabled={offline !== undefined}
          aria-label={`Delete ${name}`}
          title={offline ?? 'Delete'}
        >
          <Trash2 size={18} aria-hidden="true" />
        </button>
      </div>
      <ChangeCharacterButton
        className={styles.change}
        fileId={item.file_id}
        originalName={name}
        onReplaced={(result) => onReplaced(item, result)}
      />
    </article>
  );
}
