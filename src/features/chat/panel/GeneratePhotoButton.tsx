import { ImagePlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { generateChatPhoto } from '../../../api/chatMessages';
import { ApiError } from '../../../api/errors';
import { fetchImageBlob } from '../../../api/images';
import { useClientConfig } from '../../../config/useClientConfig';
import { OFFLINE_REASON, useOnline } from '../../../lib/useOnline';
import styles from './CharacterPanel.module.css';

export const NO_IMAGE_SERVICE = "Photos can't be generated: no image service is configured.";

/**
 * 'Generate Photo' for a chat without card details: asks the server for a portrait and shows it.
 * Explains itself when it cannot work (no image service, offline, a chat not stored yet).
 */
export function GeneratePhotoButton({ chatId, stored }: { chatId: string; stored: boolean }) {
  const config = useClientConfig();
  const online = useOnline();
  const hintId = useId();
  const [photo, setPhoto] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void (photo && URL.revokeObjectURL(photo)), [photo]);

  const reason =
    config?.images === false ? NO_IMAGE_SERVICE : !online ? OFFLINE_REASON : !stored ? 'Send a message first.' : null;

  const generate = () => {
    setBusy(true);
    setError(null);
    generateChatPhoto(chatId)
      .then((answer) => fetchImageBlob(answer.url))
      .then((blob) => setPhoto(URL.createObjectURL(blob)))
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : 'Failed to generate a photo.'))
      .finally(() => setBusy(false));
  };

  return (
    <div className={styles.photo}>
      {photo && <img className={styles.portrait} src={photo} alt="Generated portrait" width={240} height={360} />}
      <button
        type="button"
        className={styles.generate}
        onClick={generate}
        disabled={busy || reason !== null || config === undefined}
        title={reason ?? undefined}
        aria-describedby={reason ? hintId : undefined}
      >
        <ImagePlus size={16} aria-hidden="true" />
        {busy ? 'Generating...' : 'Generate Photo'}
      </button>
      {reason && (
        <p id={hintId} className={styles.hint}>
          {reason}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
