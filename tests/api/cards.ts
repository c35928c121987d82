import { encodeTextChunk, makePng } from '@core/card/index';
import { testCardPng } from '../support/cards';
import type { TestApp } from './helpers';
import { accessToken, bearer } from './tokens';

/** A real card PNG made with the project's codec; every call gives different bytes. */
export const cardPng = testCardPng;

/** A PNG with only a non-card text chunk. */
export function plainPng(): Uint8Array {
  return makePng({ width: 2, height: 2, chunks: [encodeTextChunk('tEXt', 'Comment', 'not a card')] });
}

export interface FilePart {
  field?: string;
  filename?: string;
  type?: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body as a browser would send it (FormData encoded by the platform). */
export async function multipartBody(
  file: FilePart | undefined,
  fields: Record<string, string> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    form.append(
      file.field ?? 'image',
      new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type ?? 'image/png' }),
      file.filename ?? 'card.png',
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export interface Uploader {
  token: string;
  headers: { authorization: string };
}

export async function userOf(test: TestApp, sub: string, email = `${sub}@example.com`): Promise<Uploader> {
  const token = await accessToken(test, { sub, email, name: sub });
  return { token, headers: bearer(token) };
}

export async function upload(test: TestApp, user: Uploader, file: FilePart | Uint8Array, fields: Record<string, string> = {}) {
  const part = file instanceof Uint8Array ? { bytes: file } : file;
  const { payload, headers } = await multipartBody(part, fields);
  return test.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, ...user.headers } });
}
