import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The device a request comes from (its X-Device-ID header), known to every event the request writes
 * without passing it through each service: the device skips its own events, having made the change
 * itself already.
 */
const requestOrigin = new AsyncLocalStorage<string | null>();

/** Device ids the app makes: a UUID, or something as short and plain. */
const DEVICE_ID = /^[A-Za-z0-9-]{1,64}$/;

export function enterOrigin(header: string | string[] | undefined): void {
  const value = Array.isArray(header) ? header[0] : header;
  requestOrigin.enterWith(value && DEVICE_ID.test(value) ? value : null);
}

export function currentOrigin(): string | null {
  return requestOrigin.getStore() ?? null;
}
