import type { CharacterPage } from '@core/contract';

/** The id of the script the server's shell puts a public card's page in (server/services/characterPages/firstView.ts). */
const PAGE_DATA_ID = 'character-page-data';

/**
 * The page the server drew into the shell for this card, if it did: the app's first render shows it
 * at once, where the server's drawing was, while the device's copy and a fresh one are read.
 */
export function inlinedCharacterPage(fileId: string): CharacterPage | null {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const page = JSON.parse(text) as CharacterPage;
    return page.file_id === fileId ? page : null;
  } catch {
    return null;
  }
}
