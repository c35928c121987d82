import { Link } from '@tanstack/react-router';
import type { CollectionItem } from '@core/contract';
import { PublishControls } from '../review/PublishControls';
import { Modal } from '../replace/Modal';
import replaceStyles from '../replace/Replace.module.css';
import { CardImage } from './CardImage';
import styles from './Collections.module.css';
import { formatMegabytes } from '../upload/inspectFile';
import { cardName } from './cardName';
import { CardDownloads } from '../cardFiles/CardDownloads';

/** The view modal: the card's file facts (views and downloads only when above zero), where it stands on its way to the gallery, its page. */
export function CollectionViewDialog({ item, onClose }: { item: CollectionItem | null; onClose: () => void }) {
  return (
    <Modal open={item !== null} titleId="collection-view-title" onClose={onClose}>
      {item && (
        <>
          <CardImage url={item.thumbnail_url} className={styles.viewImage} />
          <h2 id="collection-view-title" className={replaceStyles.title}>
            {cardName(item)}
          </h2>
          <dl className={styles.facts}>
            <dt>Upload date</dt>
            <dd>{new Date(item.upload_time).toLocaleDateString()}</dd>
            <dt>File size</dt>
            <dd>{formatMegabytes(item.file_size)}</dd>
            <dt>Dimensions</dt>
            <dd>
              {item.width} × {item.height}
            </dd>
            <dt>Aspect ratio</dt>
            <dd>{item.aspect_ratio}</dd>
            <dt>File ID</dt>
            <dd className={styles.fileId}>{item.file_id}</dd>
            <dt>Status</dt>
            <dd>{item.is_public === 1 ? 'Public' : 'Private'}</dd>
            {item.view_count > 0 && (
              <>
                <dt>Views</dt>
                <dd>{item.view_count}</dd>
              </>
            )}
            {item.download_count > 0 && (
              <>
                <dt>Downloads</dt>
                <dd>{item.download_count}</dd>
              </>
            )}
          </dl>
          <CardDownloads card={{ fileId: item.file_id, name: cardName(item), isPublic: item.is_public === 1 }} />
          {item.review && (
            <PublishControls fileId={item.file_id} name={cardName(item)} review={item.review} rating={item.content_rating ?? 'sfw'} />
          )}
          <div className={replaceStyles.buttons}>
            <Link to="/characters/$fileId" params={{ fileId: item.file_id }} className={replaceStyles.secondary}>
              Open page
            </Link>
            <button type="button" className={replaceStyles.secondary} onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
