/**
 * Saving what the editor wrote. A new character becomes a private card exactly as an upload does:
 * the browser writes the PNG with core/card (the codec the server reads it with) and sends it to
 * POST /api/upload/image, where the plan's slots apply. An edit sends the card's V3 data (and a new
 * picture, when there is one) to PUT /api/upload/card/{file_id}, which rewrites the stored PNG.
 */
import { isCardError, writeCard, type Card } from '@core/card/index';
import type { CardEdit, CollectionItem } from '@core/contract';
import { safeFileName } from '@core/fileName';
import { saveCardEdit } from '../../api/characterEditor';
import { ApiError } from '../../api/errors';
import { uploadCard } from '../../api/uploads';
import type { CharacterDraftRecord } from '../../db/drafts';
import { noteSavedCharacter } from '../../sync/characterEdits';
import { defaultPortrait, PictureError } from './picture/picture';

export interface SaveRequest {
  record: CharacterDraftRecord;
  card: Card;
  /** The card being edited; null for a new character. */
  fileId: string | null;
  isAdmin: boolean;
  /** 0…1 while a new character's PNG goes out. */
  onProgress?: (fraction: number) => void;
}

/** A failure worth showing as it is: the server's refusal, the codec's or the picture's reason. */
export class SaveError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SaveError';
  }
}

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

async function dataUrlOf(blob: Blob): Promise<string> {
  const reader = new FileReader();
  return new Promise((resolve, reject) => {
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(new PictureError("The picture couldn't be read. Choose it again."));
    reader.readAsDataURL(blob);
  });
}

/** The card written into its picture (the chosen one, else cardchat's default portrait), as the file an upload sends. */
export async function newCardFile(record: CharacterDraftRecord, card: Card): Promise<File> {
  const picture = record.picture ? await bytesOf(record.picture.png) : await defaultPortrait();
  const png = writeCard(picture, card);
  return new File([png as Uint8Array<ArrayBuffer>], `${safeFileName(card.data.name, 'character')}.png`, { type: 'image/png' });
}

async function send(request: SaveRequest): Promise<CollectionItem> {
  const { record, card, fileId, isAdmin } = request;
  const publicRelease = isAdmin && record.publicRelease;
  if (fileId === null) {
    const file = await newCardFile(record, card);
    return (await uploadCard(file, { publicRelease, onProgress: request.onProgress })).data;
  }
  // The codec types a lorebook as any JSON; this one's entries the editor wrote itself (lorebookFromEntries).
  const body: CardEdit = { data: card.data as CardEdit['data'] };
  if (record.picture) body.image = await dataUrlOf(record.picture.png);
  if (publicRelease) body.public_release = true;
  return (await saveCardEdit(fileId, body)).data;
}

/** Saves, then brings the device's copies up to date. Throws ApiError (the server's word) or SaveError. */
export async function saveCharacter(request: SaveRequest): Promise<CollectionItem> {
  let item: CollectionItem;
  try {
    item = await send(request);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isCardError(error) || error instanceof PictureError) throw new SaveError(error.message);
    throw error;
  }
  await noteSavedCharacter(item, request.fileId === null);
  return item;
}
