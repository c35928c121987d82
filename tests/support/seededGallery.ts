import { SEED_CHARACTERS } from '../../server/seed/characters';

/**
 * Resolves once the server's public gallery lists every seeded character. The server seeds after it
 * starts listening (a first start answers at once), and on a cold two-core machine the portraits take
 * a while: tests start only after this, so a page never has to reload until the cards come.
 */
export async function waitForSeededGallery(baseURL: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let total = 0;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/api/upload/image?limit=1`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) total = ((await response.json()) as { total: number }).total;
      if (total >= SEED_CHARACTERS.length) return;
    } catch {
      // Busy or restarting: ask again.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the gallery held ${total} of ${SEED_CHARACTERS.length} seeded characters after ${timeoutMs / 1000}s`);
}
