import { ImagePlus } from 'lucide-react';
import { useId, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useClientConfig } from '../../../config/useClientConfig';
import { useOfflineReason } from '../../../lib/useOnline';
import { generatePortrait } from '../../../sync/chatList';
import styles from './CharacterPanel.module.css';

export const NO_IMAGE_SERVICE = "Photos can't be generated: no image service is configured.";

/**
 * 'Generate Photo' for a chat without card details: asks the server for a portrait, which becomes the
 * chat's avatar (the panel and the recent list show it from Dexie). Explains itself when it cannot
 * work (no image service, offline, a chat not stored yet).
 */
export function GeneratePhotoButton({ chatId, stored }: { chatId: string; stored: boolean }) {
  const config = useClientConfig();
  const offline = useOfflineReason();
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reason = config?.images === false ? NO_IMAGE_SERVICE : (offline ?? (!stored ? 'Send a message first.' : null));

  const generate = () => {
    setBusy(true);
    setError(null);
    generatePortrait(chatId)
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : 'Failed to generate a photo.'))
      .finally(() => setBusy(false));
  };

  return (
    <div className={styles.photo}>
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
