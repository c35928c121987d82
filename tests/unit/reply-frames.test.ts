import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalMessage } from '../../src/db/db';
import { replyWriter } from '../../src/sync/send/replyWriter';
import { endStreamingText, streamingText, subscribeStreamingText } from '../../src/sync/send/streamingText';

const row = (id: string): LocalMessage => ({
  id,
  client_id: null,
  chat_id: 'chat-frames',
  seq: 1,
  role: 'assistant',
  content: '',
  name: 'Ada',
  send_date: new Date(2026, 10, 28).toISOString(),
  state: 'streaming',
});

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

describe('a streaming reply on screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the pieces that arrived before a frame in that frame, with one repaint', async () => {
    const seen: (string | undefined)[] = [];
    const stop = subscribeStreamingText('reply-frames-1', () => seen.push(streamingText('reply-frames-1')));
    const writer = replyWriter(row('reply-frames-1'));
    writer.append('Once');
    writer.append(' upon');
    writer.append(' a time');
    expect(seen).toEqual([]);
    await nextFrame();
    expect(seen).toEqual(['Once upon a time']);
    writer.append(', there');
    await nextFrame();
    expect(seen).toEqual(['Once upon a time', 'Once upon a time, there']);
    await writer.close({ save: false });
    stop();
    endStreamingText('reply-frames-1');
  });

  it('still shows and keeps the text when no frame comes (a hidden tab)', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const writer = replyWriter(row('reply-frames-2'));
    writer.append('Hidden words');
    await vi.waitFor(() => expect(streamingText('reply-frames-2')).toBe('Hidden words'));
    await writer.close({ save: false });
    endStreamingText('reply-frames-2');
  });
});
