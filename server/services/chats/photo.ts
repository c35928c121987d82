import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { characterDisplayName, DEFAULT_CARD_LIMITS, fillPlaceholders } from '@core/card/index';
import type { ChatPhotoResponse } from '@core/contract';
import { setChatPortrait } from '../../db/repositories/chats';
import { AppError, notFound } from '../../errors';
import { checkStorageRoom } from '../storage';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { cardOfChat } from './character';
import { chatUser } from './persona';
import { ownChat } from './reads';
import { portraitUrl } from './wire';
import { loadSharp } from '../sharp';

const PORTRAIT_SIZE = 512;
/** About what a 512×512 PNG portrait takes; the stored one counts its real size. */
const PORTRAIT_ESTIMATE_BYTES = 512 * 1024;
const GENERATION_TIMEOUT_MS = 90_000;

const unavailable = (message: string) => new AppError(502, 'image_service_failed', message);

/** What a portrait shows: the character's name and description (never the creator's notes). */
export function portraitPrompt(names: { char: string; user: string }, description: string): string {
  const text = fillPlaceholders(description, names).trim().slice(0, 800);
  return [`A character portrait of ${names.char}, head and shoulders, painterly illustration.`, text].filter(Boolean).join(' ');
}

async function chatPortraitPrompt(ctx: ServiceContext, user: RequestUser, chat: Parameters<typeof cardOfChat>[1]): Promise<string> {
  const card = await cardOfChat(ctx.db, chat);
  return portraitPrompt({ char: characterDisplayName(card), user: (await chatUser(ctx.db, user, chat)).name }, card.data.description);
}

/**
 * Asks the OpenAI-compatible images endpoint (IMAGE_BASE_URL) for one picture and returns its bytes;
 * 503 when none is configured, 502 when it fails.
 */
export async function requestImage(ctx: ServiceContext, prompt: string): Promise<Uint8Array> {
  if (!ctx.config.images.baseUrl) throw new AppError(503, 'images_unavailable', 'Photo generation is not set up on this server.');
  let response: Response;
  try {
    response = await fetch(`${ctx.config.images.baseUrl}/images/generations`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(ctx.config.images.apiKey ? { authorization: `Bearer ${ctx.config.images.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: ctx.config.images.model, prompt, n: 1, size: '1024x1024', response_format: 'b64_json' }),
      signal: AbortSignal.timeout(GENERATION_TIMEOUT_MS),
      // A redirect could send the prompt, and the key, to a host nobody configured.
      redirect: 'manual',
    });
  } catch {
    throw unavailable('The image service is not reachable right now. Please try again.');
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw unavailable(
      'The image service answered with a redirect, which cardchat does not follow. Ask the operator to check IMAGE_BASE_URL.',
    );
  }
  if (!response.ok) throw unavailable(`The image service refused the request (HTTP ${response.status}).`);
  const body = (await response.json().catch(() => null)) as { data?: { b64_json?: unknown }[] } | null;
  const b64 = body?.data?.[0]?.b64_json;
  if (typeof b64 !== 'string') throw unavailable('The image service sent no picture.');
  return new Uint8Array(Buffer.from(b64, 'base64'));
}

/**
 * 'Generate Photo' for a chat without a card: a portrait from the character's name and description,
 * stored as the chat's picture (replacing an earlier one).
 */
export async function generateChatPhoto(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatPhotoResponse> {
  const sharp = await loadSharp();
  const chat = await ownChat(ctx, user, chatId);
  // Before asking the image service: a portrait that could not be kept is not worth its cost.
  await checkStorageRoom(ctx.db, user, PORTRAIT_ESTIMATE_BYTES, chat.portrait_bytes);
  const picture = await requestImage(ctx, await chatPortraitPrompt(ctx, user, chat));
  let png: Buffer;
  try {
    png = await sharp(picture, { limitInputPixels: DEFAULT_CARD_LIMITS.maxPixels })
      .resize(PORTRAIT_SIZE, PORTRAIT_SIZE, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw unavailable('The image service sent a picture that could not be read.');
  }
  // Keys are the server's own (chat ids may hold characters blob keys refuse).
  const key = `portraits/${randomUUID()}.png`;
  await ctx.blobs.put(key, png, 'image/png');
  await setChatPortrait(ctx.db, chat.id, { key, bytes: png.length }, new Date().toISOString());
  if (chat.portrait_key) await ctx.blobs.delete(chat.portrait_key);
  return { success: true, url: portraitUrl(chat.id) };
}

export async function chatPhoto(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<Readable> {
  const chat = await ownChat(ctx, user, chatId);
  const stream = chat.portrait_key ? await ctx.blobs.get(chat.portrait_key) : null;
  if (!stream) throw notFound('This chat has no photo yet');
  return stream;
}
