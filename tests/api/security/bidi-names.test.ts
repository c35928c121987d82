/**
 * A card named with a right-to-left override ("invoice‮gnp.exe" shows as
 * "invoiceexe.png") must not disguise a downloaded file. Download names lose every bidi control.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../../support/cards';
import { upload, userOf } from '../cards';
import { complete, exportChat, ownCard } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';

const SPOOF = 'invoice\u202Egnp.exe';
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|%E2%80%A[A-E]|%E2%81%A[6-9]|%E2%80%8[EF]/i;

describe.each(databases)('card names with bidi controls in file names (%s)', (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '0' });
  });
  afterAll(() => test.close());

  it("drops the right-to-left override from a downloaded card's and an exported chat's file name", async () => {
    const user = await userOf(test, 'bidi-user');
    const card = await ownCard(test, user, testCardPng({ name: SPOOF }));
    const download = await test.app.inject({ method: 'GET', url: `/api/upload/image/user/${card}?download=1`, headers: user.headers });
    expect(download.statusCode).toBe(200);
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).not.toMatch(BIDI);
    expect(disposition).toContain('filename="invoicegnp.exe.png"');
    expect(disposition).toContain("filename*=UTF-8''invoicegnp.exe.png");

    const chatId = randomUUID();
    expect((await complete(test, user, { chatId, characterId: card, text: 'Hello' })).statusCode).toBe(200);
    const exported = await exportChat(test, user, chatId);
    expect(exported.statusCode).toBe(200);
    expect(String(exported.headers['content-disposition'])).not.toMatch(BIDI);
    expect(String(exported.headers['content-disposition'])).toMatch(/filename="invoicegnp\.exe - \d{4}-\d{2}-\d{2}\.zip"/);
  });

  it("drops it from an uploaded file's stored name and from the .json and .charx downloads' names", async () => {
    const user = await userOf(test, 'bidi-uploader');
    const uploaded = await upload(test, user, { bytes: testCardPng({ name: SPOOF }), filename: `${SPOOF}.json`, type: 'image/png' });
    expect(uploaded.statusCode).toBe(200);
    const { file_id: fileId, filename } = uploaded.json().data;
    expect(filename).toBe('invoicegnp.exe.png');
    for (const format of ['json', 'charx']) {
      const download = await test.app.inject({
        method: 'GET',
        url: `/api/upload/card/${fileId}/download/${format}`,
        headers: user.headers,
      });
      expect(download.statusCode).toBe(200);
      const disposition = String(download.headers['content-disposition']);
      expect(disposition).not.toMatch(BIDI);
      expect(disposition).toContain(`filename="invoicegnp.exe.${format}"`);
    }
  });
});
