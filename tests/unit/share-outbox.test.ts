import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CharacterPage, CollectionItem, ReportRequest, ReviewStatus } from '@core/contract';

const submitCard = vi.fn<(fileId: string, rating: string) => Promise<ReviewStatus>>();
const sendReport = vi.fn<(report: ReportRequest) => Promise<unknown>>();
vi.mock('../../src/api/publishing', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/publishing')>()),
  submitCard: (fileId: string, rating: string) => submitCard(fileId, rating),
  sendReport: (report: ReportRequest) => sendReport(report),
}));

const { db } = await import('../../src/db/db');
const { ApiError } = await import('../../src/api/errors');
const { reportCharacter, submitForReview } = await import('../../src/sync/publishing');
const { flushOutbox } = await import('../../src/sync/send/flush');
const { saveTokens } = await import('../../src/auth/tokens');

const offline = () => new ApiError('Network error. Please check your connection and try again.', 0, 'network');
const REPORT: ReportRequest = { file_id: 'card-1', reason: 'spam', details: 'Posted three times.' };
const SUBMITTED: ReviewStatus = { state: 'submitted', content_rating: 'nsfw', note: null, changes: null, changes_note: null };

beforeEach(async () => {
  submitCard.mockReset();
  sendReport.mockReset();
  await db.shareOutbox.clear();
});

describe('submissions and reports made offline', () => {
  it('wait in the outbox with the reason, then go once, as made, when cardchat answers', async () => {
    sendReport.mockRejectedValueOnce(offline());
    expect(await reportCharacter(REPORT)).toEqual({ kind: 'waiting' });
    expect(await db.shareOutbox.toArray()).toMatchObject([
      { kind: 'report', file_id: 'card-1', attempts: 1, last_error: offline().message },
    ]);

    sendReport.mockResolvedValue({ success: true, created: true, message: 'Thank you.' });
    saveTokens({ accessToken: 'a', refreshToken: 'r', idToken: 'i', expiresAt: Date.now() + 600_000, subject: 's1', email: null });
    await flushOutbox();
    expect(sendReport).toHaveBeenLastCalledWith(REPORT);
    expect(sendReport).toHaveBeenCalledTimes(2);
    expect(await db.shareOutbox.count()).toBe(0);
  });

  it('keep their order, and a submission that goes updates the card on this device', async () => {
    await db.collections.put({
      file_id: 'card-2',
      review: { state: 'private', note: null, changes: null, changes_note: null },
    } as CollectionItem);
    await db.characterPages.put({ file_id: 'card-2', card_type: 'user' } as CharacterPage);
    submitCard.mockRejectedValue(offline());
    expect(await submitForReview('card-2', 'nsfw')).toEqual({ kind: 'waiting' });
    // Made after it, offline too: it waits behind it.
    expect(await reportCharacter(REPORT)).toEqual({ kind: 'waiting' });
    expect((await db.shareOutbox.orderBy('created_at').toArray()).map((item) => item.kind)).toEqual(['submit', 'report']);

    const sent: string[] = [];
    submitCard.mockImplementation(async () => (sent.push('submit'), SUBMITTED));
    sendReport.mockImplementation(async () => (sent.push('report'), { success: true }));
    expect(await reportCharacter({ ...REPORT, file_id: 'card-3' })).toEqual({ kind: 'sent' });
    expect(sent).toEqual(['submit', 'report', 'report']);
    expect(submitCard).toHaveBeenLastCalledWith('card-2', 'nsfw');
    expect((await db.collections.get('card-2'))?.review.state).toBe('submitted');
    expect(await db.characterPages.get('card-2')).toMatchObject({ review: SUBMITTED, content_rating: 'nsfw' });
  });

  it('leave the queue when the server refuses them, saying why', async () => {
    sendReport.mockRejectedValueOnce(new ApiError("You can't report your own character: unpublish or edit it instead.", 400, 'own_card'));
    expect(await reportCharacter(REPORT)).toEqual({
      kind: 'refused',
      reason: "You can't report your own character: unpublish or edit it instead.",
    });
    expect(await db.shareOutbox.count()).toBe(0);
  });
});
