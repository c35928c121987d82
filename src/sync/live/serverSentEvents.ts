export interface ServerSentEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * Parses a text/event-stream body block by block as it arrives (comments, the heartbeats, skipped).
 * `onBytes` hears every chunk, heartbeats included: how the reader knows the connection is alive.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  onBytes: () => void = () => {},
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    onBytes();
    buffered += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffered.indexOf('\n\n')) >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const event: ServerSentEvent = { id: undefined, event: 'message', data: '' };
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const [field, value] = [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
        if (field === 'id') event.id = value;
        else if (field === 'event') event.event = value;
        else if (field === 'data') event.data += value;
      }
      if (event.data || event.id !== undefined) yield event;
    }
  }
}
