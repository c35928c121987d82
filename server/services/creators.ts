/**
 * Creators: a handle and a bio chosen in Profile make a public page (/@handle) of the person's
 * published cards; the age confirmation and the choice to see NSFW cards live here too.
 */
import type { ContentSettings, CreatorPage, CreatorSettings, GalleryQuery, PublicImagesResponse } from '@core/contract';
import { handleProblem, MAX_BIO_CHARS, normalizeHandle } from '@core/creators/handle';
import { publicText } from '@core/publicText';
import { creatorTotals, findUserByHandle } from '../db/repositories/creators';
import { updateUser } from '../db/repositories/users';
import { isUniqueViolation } from '../db/errors';
import type { User } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import type { ServiceContext } from './context';
import { listedPage, showsNsfw } from './discovery';
import type { RequestUser } from './users';

export const MESSAGE_HANDLE_TAKEN = 'This handle is taken. Try another.';
export const MESSAGE_ADULT_FIRST = 'Confirm that you are 18 or older first.';
export const MESSAGE_NO_CREATOR = 'No creator has this handle.';

const asRequestUser = (user: User, before: RequestUser): RequestUser => ({ ...user, isAdmin: before.isAdmin, sid: before.sid });

export async function updateCreator(ctx: ServiceContext, user: RequestUser, settings: CreatorSettings): Promise<RequestUser> {
  const handle = normalizeHandle(settings.handle);
  const problem = handleProblem(handle);
  if (problem) throw badRequest('invalid_handle', problem);
  const bio = publicText(settings.bio, MAX_BIO_CHARS, { multiline: true });
  try {
    return asRequestUser(await updateUser(ctx.db, user.id, { handle, bio }), user);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'handle_taken', MESSAGE_HANDLE_TAKEN);
    throw error;
  }
}

/** The confirmation is kept with its time and is not taken back here; NSFW cards can be shown only once it is given. */
export async function updateContent(ctx: ServiceContext, user: RequestUser, settings: ContentSettings): Promise<RequestUser> {
  const confirmedAt = user.adult_confirmed_at ?? (settings.adult_confirmed ? new Date().toISOString() : null);
  if (settings.show_nsfw && confirmedAt === null) throw badRequest('adult_required', MESSAGE_ADULT_FIRST);
  const changes = {
    adult_confirmed_at: confirmedAt,
    ...(settings.show_nsfw === undefined ? {} : { show_nsfw: settings.show_nsfw ? 1 : 0 }),
  };
  return asRequestUser(await updateUser(ctx.db, user.id, changes), user);
}

async function creatorOf(ctx: Pick<ServiceContext, 'db'>, handle: string): Promise<User> {
  const creator = await findUserByHandle(ctx.db, normalizeHandle(handle));
  if (!creator) throw notFound(MESSAGE_NO_CREATOR);
  return creator;
}

export async function creatorPage(ctx: ServiceContext, handle: string): Promise<CreatorPage> {
  const creator = await creatorOf(ctx, handle);
  return {
    handle: creator.handle!,
    avatar_url: creator.picture,
    bio: creator.bio,
    joined_at: creator.created_at,
    totals: await creatorTotals(ctx.db, creator.id),
  };
}

/** The creator's published cards, newest first (NSFW ones as the gallery shows them to this viewer). */
export async function creatorCards(
  ctx: ServiceContext,
  handle: string,
  query: Pick<GalleryQuery, 'limit' | 'offset' | 'nsfw'>,
  viewer: User | null,
): Promise<PublicImagesResponse> {
  const creator = await creatorOf(ctx, handle);
  const filter = { sort: 'newest' as const, nsfw: showsNsfw(viewer, query.nsfw === '1'), tags: [], words: [], ownerId: creator.id };
  return listedPage(ctx, filter, query);
}
