import type { ReviewStatus } from '@core/contract';
import { updateCharacterPage } from '../db/characterPages';
import { updateCollectionItem } from '../db/collections';

/** The device's copies of one of the person's cards follow where it stands (its collection entry, its page). */
export async function noteReviewStatus(fileId: string, status: ReviewStatus): Promise<void> {
  const published = status.state === 'published';
  await updateCollectionItem(fileId, (item) => {
    item.review = { state: status.state, note: status.note, changes: status.changes, changes_note: status.changes_note };
    item.is_public = published ? 1 : 0;
    item.content_rating = status.content_rating;
  });
  await updateCharacterPage(fileId, (page) => {
    page.review = status;
    page.content_rating = status.content_rating;
    page.card_type = published ? 'public' : 'user';
  });
}
