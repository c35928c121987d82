import { Download } from 'lucide-react';
import { useState } from 'react';
import { cardToCharx, cardToJsonFile, pngForOtherApps, writeCard, type Card } from '@core/card/index';
import { safeFileName } from '@core/fileName';
import { fetchImageBlob } from '../../api/images';
import type { DraftPicture } from '../../db/drafts';
import { saveBlob } from '../../lib/saveFile';
import styles from './Editor.module.css';
import { defaultPortrait } from './picture/picture';

interface Props {
  card: Card;
  picture: DraftPicture | null;
  /** An edited card's stored PNG (its picture and embedded assets); undefined for a new character. */
  ownPngUrl?: string;
}

/**
 * The card as written so far, made here on the device (offline too): a PNG (V2 `chara` + V3 `ccv3`,
 * what SillyTavern, RisuAI and chub.ai open), the V3 JSON and RisuAI's .charx.
 */
export function EditorDownloads({ card, picture, ownPngUrl }: Props) {
  const [error, setError] = useState<string | null>(null);
  const name = safeFileName(card.data.name, 'character');
  const pngBytes = async () => {
    const base = picture
      ? new Uint8Array(await picture.png.arrayBuffer())
      : ownPngUrl
        ? new Uint8Array(await (await fetchImageBlob(ownPngUrl)).arrayBuffer())
        : await defaultPortrait();
    return writeCard(base, card);
  };
  // The .json and .charx come from the PNG as the server's downloads do (core/card/export), so the
  // assets embedded in an edited card go along.
  const blob = (bytes: Uint8Array, type: string) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type });
  const png = async () => blob(pngForOtherApps(await pngBytes()), 'image/png');
  const json = async () => blob(cardToJsonFile(await pngBytes()), 'application/json');
  const charx = async () => blob(cardToCharx(await pngBytes()), 'application/zip');
  const download = async (make: () => Promise<Blob>, extension: string) => {
    setError(null);
    try {
      saveBlob(await make(), `${name}.${extension}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <section className={styles.section} aria-labelledby="editor-downloads">
      <h2 id="editor-downloads" className={styles.sectionTitle}>
        Download
      </h2>
      <p className={styles.hint}>The card as written so far, saved or not.</p>
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} onClick={() => void download(png, 'png')}>
          <Download size={18} aria-hidden="true" />
          PNG card
        </button>
        <button type="button" className={styles.secondary} onClick={() => void download(json, 'json')}>
          <Download size={18} aria-hidden="true" />
          JSON (V3)
        </button>
        <button type="button" className={styles.secondary} onClick={() => void download(charx, 'charx')}>
          <Download size={18} aria-hidden="true" />
          CHARX
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
