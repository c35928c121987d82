import { Download } from 'lucide-react';
import { useState } from 'react';
import styles from './CardDownloads.module.css';
import { downloadCard, type CardDownloadFormat, type DownloadableCard } from './downloadCard';
import { OnlineButton } from '../../ui/OnlineButton';

const FORMATS: { format: CardDownloadFormat; label: string; title: string }[] = [
  // RisuAI reads a module (scripts, regex) only from a .charx: the PNG leaves a card's module out.
  { format: 'png', label: 'PNG', title: 'Download as PNG (opens in SillyTavern, chub.ai, RisuAI; without a RisuAI module)' },
  { format: 'json', label: '.json (V3)', title: 'Download as .json (V3)' },
  { format: 'charx', label: '.charx', title: 'Download as .charx (with the card’s assets and RisuAI module)' },
];

export const MESSAGE_DOWNLOAD_FAILED = 'Failed to download the card. Please try again.';

/**
 * 'Download as' PNG, .json (V3) or .charx: one row of buttons, big enough for a thumb, each disabled
 * with the reason while cardchat can't be reached (the files are made by the server).
 */
export function CardDownloads({ card }: { card: DownloadableCard }) {
  const [busy, setBusy] = useState<CardDownloadFormat | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = (format: CardDownloadFormat) => {
    setBusy(format);
    setError(null);
    downloadCard(card, format)
      .catch((cause: unknown) => {
        console.error('Card download failed', cause);
        setError(MESSAGE_DOWNLOAD_FAILED);
      })
      .finally(() => setBusy(null));
  };

  return (
    <div className={styles.downloads}>
      <div className={styles.row} role="group" aria-label="Download this card">
        <span className={styles.label} aria-hidden="true">
          <Download size={16} /> Download as
        </span>
        {FORMATS.map(({ format, label, title }) => (
          <OnlineButton
            key={format}
            type="button"
            className={styles.button}
            onClick={() => download(format)}
            disabled={busy !== null}
            aria-label={title}
            title={title}
          >
            {busy === format ? 'Saving…' : label}
          </OnlineButton>
        ))}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
