/**
 * Personas: who a user is in their chats. Each is theirs alone: another user's answers 404 like a
 * missing one. Deleting one sets its chats back to the profile name.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Persona, PersonaCreate, PersonaDeleted, PersonaList, PersonaUpdate } from '@core/contract';
import { PERSONA_LIMITS } from '@core/contract/constants';
import { lockOwner } from '../../db/repositories/images';
import {
  clearDefaultPersona,
  countPersonas,
  deleteOwnPersona,
  findOwnPersona,
  insertPersona,
  listPersonas,
  updatePersonaRow,
  type PersonaWithUse,
} from '../../db/repositories/personas';
import { badRequest, notFound } from '../../errors';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { avatarUrl, storeAvatar } from './avatar';

export const personaNotFound = () => notFound('Persona not found');

export const MESSAGE_PERSONA_LIMIT = `You can keep up to ${PERSONA_LIMITS.count} personas. Delete one to make room for another.`;

function personaOf(row: PersonaWithUse): Persona {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    avatar_url: avatarUrl(row.id, row.avatar_key),
    chat_count: row.chat_count,
    is_default: row.is_default === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A name is one line: it stands for {{user}} inside sentences and signs every message. */
function cleanName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  if (!clean) throw badRequest('invalid_name', 'A persona needs a name.');
  return clean;
}

const cleanDescription = (description: string) => description.replace(/\r\n?/g, '\n').trim();

export async function personaList(ctx: ServiceContext, user: RequestUser): Promise<PersonaList> {
  const rows = await listPersonas(ctx.db, user.id);
  return { success: true, data: rows.map(personaOf), limit: PERSONA_LIMITS.count };
}

async function ownPersona(ctx: ServiceContext, user: RequestUser, id: string): Promise<PersonaWithUse> {
  const row = await findOwnPersona(ctx.db, user.id, id);
  if (!row) throw personaNotFound();
  return row;
}

/**
 * Runs `write` with a new avatar's key when the request brings one; a write that fails takes the
 * stored picture with it, so no blob outlives a refused request.
 */
async function withAvatar<T>(
  ctx: ServiceContext,
  dataUrl: string | null | undefined,
  write: (key: string | null | undefined) => Promise<T>,
): Promise<T> {
  const key = typeof dataUrl === 'string' ? await storeAvatar(ctx, dataUrl) : dataUrl;
  try {
    return await write(key);
  } catch (error) {
    if (key) await ctx.blobs.delete(key).catch((cleanup: unknown) => ctx.log.warn({ err: cleanup }, 'could not remove an unused avatar'));
    throw error;
  }
}

export async function newPersona(ctx: ServiceContext, user: RequestUser, body: PersonaCreate): Promise<Persona> {
  const name = cleanName(body.name);
  const description = cleanDescription(body.description ?? '');
  // Checked before the picture is processed (a full account should not cost a conversion), and again
  // under the user's lock, so two creations racing for the last place let one through.
  if ((await countPersonas(ctx.db, user.id)) >= PERSONA_LIMITS.count) throw badRequest('persona_limit', MESSAGE_PERSONA_LIMIT);
  const id = randomUUID();
  const now = new Date().toISOString();
  await withAvatar(ctx, body.avatar, (key) =>
    ctx.db.transaction().execute(async (trx) => {
      await lockOwner(trx, user.id);
      if ((await countPersonas(trx, user.id)) >= PERSONA_LIMITS.count) throw badRequest('persona_limit', MESSAGE_PERSONA_LIMIT);
      if (body.is_default) await clearDefaultPersona(trx, user.id);
      await insertPersona(trx, {
        id,
        user_id: user.id,
        name,
        description,
        avatar_key: key ?? null,
        is_default: body.is_default ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
    }),
  );
  return personaOf(await ownPersona(ctx, user, id));
}

export async function changePersona(ctx: ServiceContext, user: RequestUser, id: string, body: PersonaUpdate): Promise<Persona> {
  const before = await ownPersona(ctx, user, id);
  const changes = {
    ...(body.name === undefined ? {} : { name: cleanName(body.name) }),
    ...(body.description === undefined ? {} : { description: cleanDescription(body.description) }),
  };
  await withAvatar(ctx, body.avatar, (key) =>
    ctx.db.transaction().execute(async (trx) => {
      // The user's lock: two personas made the default at once leave one default, not two.
      if (body.is_default !== undefined) await lockOwner(trx, user.id);
      if (body.is_default) await clearDefaultPersona(trx, user.id);
      const flag = body.is_default === undefined ? {} : { is_default: body.is_default ? 1 : 0 };
      const updated = await updatePersonaRow(trx, user.id, id, {
        ...changes,
        ...flag,
        ...(key === undefined ? {} : { avatar_key: key }),
        updated_at: new Date().toISOString(),
      });
      // Deleted meanwhile (another device): the new picture has nothing to belong to.
      if (!updated) throw personaNotFound();
    }),
  );
  // The old picture goes once the row no longer names it.
  if (body.avatar !== undefined && before.avatar_key) await ctx.blobs.delete(before.avatar_key);
  return personaOf(await ownPersona(ctx, user, id));
}

export async function removePersona(ctx: ServiceContext, user: RequestUser, id: string): Promise<PersonaDeleted> {
  const before = await ownPersona(ctx, user, id);
  const { deleted, chatsReset } = await ctx.db.transaction().execute((trx) => deleteOwnPersona(trx, user.id, id));
  if (!deleted) throw personaNotFound();
  if (before.avatar_key) await ctx.blobs.delete(before.avatar_key);
  const chats = chatsReset === 1 ? '1 chat now uses' : `${chatsReset} chats now use`;
  return {
    success: true,
    message: chatsReset > 0 ? `Persona deleted; ${chats} your profile name.` : 'Persona deleted.',
    chats_reset: chatsReset,
  };
}

export async function personaAvatar(ctx: ServiceContext, user: RequestUser, id: string): Promise<Readable> {
  const persona = await ownPersona(ctx, user, id);
  const stream = persona.avatar_key ? await ctx.blobs.get(persona.avatar_key) : null;
  if (!stream) throw notFound('This persona has no picture');
  return stream;
}
