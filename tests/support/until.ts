/**
 * Waits for a condition, never a fixed time: `probe` is asked every `everyMs` until it gives a
 * value, which is returned; past `timeoutMs` it fails naming `what` it waited for.
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
