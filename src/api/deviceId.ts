const KEY = 'cardchat.deviceId';

/**
 * This browser profile's id, sent with every API call (X-Device-ID) so the server can tag the events
 * a call causes: the live stream then skips them here, where the change is already made. Tabs share
 * it, as they share the Dexie database the change was made in.
 */
export function deviceId(): string {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
  }
  return id;
}
