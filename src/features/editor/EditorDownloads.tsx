import { Download } from 'lucide-react';
import { useState } from 'react';
import { toV3Json, writeCard, type Card } from '../../../core/card/index';
import { safeFileName } from '../../../core/fileName';
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
 * what SillyTavern, RisuAI and chub.ai open) and the V3 JSON.
 */
export function EditorDownloads({ card, picture, ownPngUrl }: Props) {
  const [error, setError] = useState<string | null>(null);
  const name = safeFileName(card.data.name, 'character');
  const png = async () => {
    const base = picture
      ? new Uint8Array(await picture.png.arrayBuffer())
      : ownPngUrl
        ? new Uint8Array(await (await fetchImageBlob(ownPngUrl)).arrayBuffer())
        : await defaultPortrait();
    return new Blob([writeCard(base, card) as Uint8Array<ArrayBuffer>], { type: 'image/png' });
  };
  const json = async () => new Blob([JSON.stringify(toV3Json(card), null, 2)], { type: 'application/json' });
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
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
