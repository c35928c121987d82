/** Who may see which card: public cards are everyone's to read, a private one only its owner's; everything else is 404. */
import { findImage } from '../../db/repositories/images';
import type { Image } from '../../db/schema';
import { notFound } from '../../errors';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';

export const IMAGE_NOT_FOUND = 'Image not found';

export const imageNotFound = () => notFound(IMAGE_NOT_FOUND);

export function canRead(image: Image, user: RequestUser | null): boolean {
  return image.is_public === 1 || image.owner_id === user?.id;
}

export async function readableImage(ctx: Pick<ServiceContext, 'db'>, id: string, user: RequestUser | null): Promise<Image> {
  const image = await findImage(ctx.db, id);
  if (!image || !canRead(image, user)) throw imageNotFound();
  return image;
}

/** A card by its scope: 'public' ones for anyone, 'user' ones for their owner only. */
export async function scopedImage(
  ctx: Pick<ServiceContext, 'db'>,
  scope: 'public' | 'user',
  id: string,
  user: RequestUser | null,
): Promise<Image> {
  const image = await findImage(ctx.db, id);
  const allowed = image && (scope === 'public' ? image.is_public === 1 : user !== null && image.owner_id === user.id);
  if (!image || !allowed) throw imageNotFound();
  return image;
}
