/**
 * Faults in the browser: when the AI answers 500, 429 or a stream that cannot be read,
 * the chat shows 'Sorry, I encountered an error. Please try again.' with the reason and a Retry, the user's message appears once and
 * is stored once, and Retry brings exactly one reply. (A hanging AI is covered by the API suite,
 * tests/api/security/llm-faults.test.ts: the e2e server keeps the 15-second connect timeout.)
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FakeBehaviour } from '../support/fakeOpenAI';
import {
  chatLog,
  fakeReplyTo,
  newPage,
  nextAiReply,
  openFirstCharacterChat,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  storedMessages,
  uniqueEmail,
} from './browser';

const SEND_FAILED = 'Sorry, I encountered an error. Please try again.';

/** Signs up and opens a new chat with the first seeded character from Home; the chat's id. */
async function signUpAndOpenChat(page: Page, name: string): Promise<string> {
  await signUpFromRecentChat(page, { name, email: uniqueEmail('faults'), password: 'faulty-models-42' });
  return openFirstCharacterChat(page);
}

/**
 * Sends `text` while the AI misbehaves as `fault` says, checks the error shown and what is stored,
 * then presses Retry (the AI is well again) and checks the one reply.
 */
async function failThenRetry(page: Page, chatId: string, text: string, fault: FakeBehaviour, reason: string, shot?: string): Promise<void> {
  await nextAiReply(fault);
  await sendInChat(page, text);
  const alert = chatLog(page).getByRole('alert');
  await alert.getByText(SEND_FAILED).waitFor();
  await alert.getByText(reason, { exact: true }).waitFor();
  expect(await chatLog(page).getByText(text, { exact: true }).count()).toBe(1);
  expect((await storedMessages(page, chatId)).filter(([, content]) => content === text)).toEqual([['user', text]]);
  if (shot) await screenshot(page, shot);

  await alert.getByRole('button', { name: 'Retry' }).click();
  await chatLog(page).getByText(fakeReplyTo(text), { exact: true }).waitFor();
  await alert.waitFor({ state: 'detached' });
  expect(await chatLog(page).getByText(text, { exact: true }).count()).toBe(1);
  expect(await chatLog(page).getByText(fakeReplyTo(text), { exact: true }).count()).toBe(1);
  const stored = await storedMessages(page, chatId);
  expect(stored.slice(-2)).toEqual([
    ['user', text],
    ['assistant', fakeReplyTo(text)],
  ]);
  expect(stored.filter(([, content]) => content === text)).toHaveLength(1);
}

describe('the chat when the AI fails', () => {
  it('shows a clear error for a 500 and for an unreadable stream, keeps the message once, and Retry brings one reply', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const chatId = await signUpAndOpenChat(page, 'Fault Finder');
    await failThenRetry(
      page,
      chatId,
      'Are you awake?',
      { kind: 'status', status: 500 },
      // The server's 'The AI service is not reachable right now. Please try again.', its last sentence
      // left to the card's own 'Please try again.' above it.
      'The AI service is not reachable right now.',
      'chat-fault-ai-unreachable',
    );
    await failThenRetry(
      page,
      chatId,
      'Say that again?',
      { kind: 'malformed', variant: 'not-json' },
      'The AI service sent a reply that could not be read.',
    );
    await page.context().close();
  });

  it('on a phone, shows a busy AI (429) clearly and recovers with Retry', async () => {
    const page = await newPage({ phone: true });
    const chatId = await signUpAndOpenChat(page, 'Phone Fault');
    await failThenRetry(
      page,
      chatId,
      'Busy tonight?',
      { kind: 'status', status: 429, retryAfter: '5' },
      'The AI service is busy right now. Please try again in 5 seconds.',
      'chat-fault-ai-busy-phone',
    );
    await page.context().close();
  });
});
