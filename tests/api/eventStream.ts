import { until } from '../support/until';

export interface ReceivedEvent {
  id: string | undefined;
  event: string;
  data: any;
}

export interface OpenStream {
  status: number;
  received: ReceivedEvent[];
  /** Heartbeat comments seen. */
  comments: number;
  ended: boolean;
  /** Waits until an event matching `match` arrived; returns it. */
  next(what: string, match: (event: ReceivedEvent) => boolean): Promise<ReceivedEvent>;
  close(): void;
}

/** GET /api/events read as a device reads it: each SSE block parsed as it arrives. */
export async function openEvents(
  base: string,
  token: string,
  options: { lastEventId?: number; deviceId?: string } = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(options.lastEventId === undefined ? {} : { 'last-event-id': String(options.lastEventId) }),
      ...(options.deviceId ? { 'x-device-id': options.deviceId } : {}),
    },
    signal: controller.signal,
  });
  const stream: OpenStream = {
    status: response.status,
    received: [],
    comments: 0,
    ended: false,
    next: (what, match) => until(what, async () => stream.received.find(match), 15_000, 10),
    close: () => controller.abort(),
  };
  const read = async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (block.startsWith(':')) {
          stream.comments += 1;
          continue;
        }
        const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(block)?.[1];
        stream.received.push({ id: field('id'), event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') });
      }
    }
  };
  void read()
    .catch(() => undefined)
    .finally(() => (stream.ended = true));
  return stream;
}
