import { useState, type DragEvent } from 'react';
import { CARD_FILE_ACCEPT } from '@core/card/index';
import { formatMegabytes } from './inspectFile';
import type { FileState } from './uploadState';
import styles from './UploadPage.module.css';

interface Props {
  file: FileState;
  preview: string | null;
  disabled: boolean;
  /** Changes when the form clears, so the input is rebuilt empty. */
  resetKey: number;
  onChoose: (file: File) => void;
}

/**
 * Browse or drag and drop. The zone is the input's label, so it opens the picker on click and the
 * (visually hidden, still focusable) input puts a focus ring on the zone for keyboard users.
 */
export function FilePicker({ file, preview, disabled, resetKey, onChoose }: Props) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onChoose(dropped);
  };

  return (
    <div className={styles.picker}>
      <label
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          key={resetKey}
          className={styles.fileInput}
          type="file"
          accept={CARD_FILE_ACCEPT}
          disabled={disabled}
          aria-describedby="upload-file-status"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) onChoose(chosen);
          }}
        />
        <span className={styles.dropTitle}>Choose a character card</span>
        <span className={styles.dropHint}>PNG, JSON, CHARX, YAML or RisuAI's JPEG: browse, or drag and drop the file here</span>
      </label>
      <div id="upload-file-status" aria-live="polite">
        {file.phase !== 'none' && (
          <div className={styles.fileInfo}>
            {preview && (
              <img
                className={styles.preview}
                src={preview}
                alt={
                  file.phase === 'valid' && !file.card.picture ? 'The default portrait this card will get' : "Preview of the card's picture"
                }
              />
            )}
            <dl className={styles.facts}>
              <dt>File</dt>
              <dd>{file.file.name}</dd>
              <dt>Size</dt>
              <dd>{formatMegabytes(file.file.size)}</dd>
              {file.phase === 'valid' && (
                <>
                  <dt>Character</dt>
                  <dd>{file.card.name}</dd>
                  <dt>Spec version</dt>
                  <dd>{file.card.specVersion}</dd>
                  <dt>Format</dt>
                  <dd>{file.card.format}</dd>
                  {file.card.assets > 0 && (
                    <>
                      <dt>Assets</dt>
                      <dd>{file.card.assets} kept with the card</dd>
                    </>
                  )}
                  {!file.card.picture && (
                    <>
                      <dt>Picture</dt>
                      <dd>None in the file: it gets the default portrait</dd>
                    </>
                  )}
                </>
              )}
            </dl>
          </div>
        )}
        {file.phase === 'validating' && <p className={styles.muted}>Checking the file...</p>}
        {file.phase === 'invalid' && (
          <p className={styles.error} role="alert">
            {file.error}
          </p>
        )}
      </div>
    </div>
  );
}
