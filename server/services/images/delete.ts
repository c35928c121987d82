import { deleteImage, findImage } from '../../db/repositories/images';
import type { Image } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { ServiceContext } from '../context';
import { revisionOnlyBlobs } from '../publishing/revisions';
import type { RequestUser } from '../users';

export const DELETE_NOT_FOUND = 'Image not found or no permission to delete';

export function blobKeysOf(image: Pick<Image, 'blob_key' | 'thumb_keys'>): string[] {
  return [image.blob_key, ...Object.values(JSON.parse(image.thumb_keys) as Record<string, string>)];
}

/** Deletes blobs nothing points at any more; one that fails to go is only logged. */
export async function removeBlobs(ctx: Pick<ServiceContext, 'blobs' | 'log'>, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.blobs.delete(key);
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'blob delete failed');
    }
  }
}

/**
 * Deletes an image: the owner may delete any of theirs (`scope` 'user'); an administrator may delete
 * any public image (`scope` 'public'). The row goes first (with its favorites), then the blobs.
 */
export async function removeImage(ctx: ServiceContext, scope: 'public' | 'user', id: string, user: RequestUser): Promise<void> {
  if (scope === 'public' && !user.isAdmin) throw forbidden('Access denied');
  const image = await findImage(ctx.db, id);
  const allowed = image && (scope === 'user' ? image.owner_id === user.id : image.is_public === 1);
  if (!image || !allowed) throw new AppError(404, 'not_found', DELETE_NOT_FOUND);
  // An edit waiting for review goes with the row; its own blobs go with the card's.
  const revisionBlobs = await revisionOnlyBlobs(ctx.db, image);
  if (!(await deleteImage(ctx.db, image.id))) throw new AppError(404, 'not_found', DELETE_NOT_FOUND);
  await removeBlobs(ctx, [...blobKeysOf(image), ...revisionBlobs]);
}
