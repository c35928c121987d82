import { encodeTextChunk, makePng, readCard, writeCard, type Card } from '../../core/card/index';
import type { TestApp } from './helpers';
import { accessToken, bearer } from './tokens';

let serial = 0;

/** A real card PNG made with the project's codec; every call gives different bytes unless `fields.seed` repeats. */
export function cardPng(fields: Partial<Card['data']> = {}, size = { width: 4, height: 6 }): Uint8Array {
  serial += 1;
  const rgba = new Uint8Array(size.width * size.height * 4).fill(serial % 251);
  const base = makePng({ ...size, rgba });
  const card: Card = {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: `Card ${serial}`,
      description: 'A test character.',
      personality: 'curious',
      scenario: 'A quiet library.',
      first_mes: 'Hello, {{user}}.',
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: ['test'],
      creator: 'Tester',
      character_version: '1',
      extensions: {},
      group_only_greetings: [],
      ...fields,
    },
  };
  const png = writeCard(base, card);
  readCard(png); // the writer never makes what the reader refuses; fail here if it did
  return png;
}

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

export async function upload(
  test: TestApp,
  user: Uploader,
  file: FilePart | Uint8Array,
  fields: Record<string, string> = {},
) {
  const part = file instanceof Uint8Array ? { bytes: file } : file;
  const { payload, headers } = await multipartBody(part, fields);
  return test.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, ...user.headers } });
}
