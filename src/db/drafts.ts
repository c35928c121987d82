/**
 * The character editor's drafts, kept on the device as the person types, so a reload, a closed tab
 * or an offline spell loses nothing. One per character: `NEW_DRAFT_ID` for the character being
 * created, the card's file_id for an edit. A draft goes once it is saved (or discarded); sign-out
 * deletes them with the rest of the user's data, and Log out asks first.
 */
import type { Card } from '@core/card/index';
import type { CharacterDraft } from '../features/editor/model/draft';
import { db } from './db';

export const NEW_DRAFT_ID = 'new';

/** A picture chosen in the editor: the file as picked (to crop again) and the 2:3 PNG cut from it. */
export interface DraftPicture {
  /** The 2:3 PNG the card will be written into. */
  png: Blob;
  /** The picked or generated image, before cropping. */
  source: Blob;
  /** The crop, as the crop dialog left it. */
  crop: PictureCrop;
}

/** Where the 2:3 frame sits on the source: its centre (0…1 of each side) and the zoom (1 = the frame just covers the image's short side). */
export interface PictureCrop {
  centerX: number;
  centerY: number;
  zoom: number;
}

export interface CharacterDraftRecord {
  id: string;
  draft: CharacterDraft;
  /** The card as it was loaded for an edit (what the editor does not show comes from here); null for a new character. */
  base: Card | null;
  /** null: the card's own picture (an edit) or cardchat's default portrait (a new character). */
  picture: DraftPicture | null;
  /** An administrator's 'Publish as public'. */
  publicRelease: boolean;
  /** When the person last changed it (ms since epoch). */
  savedAt: number;
}

export const getDraft = (id: string) => db.drafts.get(id);

export async function putDraft(record: CharacterDraftRecord): Promise<void> {
  await db.drafts.put(record);
}

export async function deleteDraft(id: string): Promise<void> {
  await db.drafts.delete(id);
}

/** Drafts not saved yet, for Log out's warning. */
export const draftCount = () => db.drafts.count();
