import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import type { ReplaceResult } from '@core/contract';
import { replaceCharacterImage } from '../../api/collections';
import { Modal } from './Modal';
import styles from './Replace.module.css';
import { readAsDataUrl, replacementImageError } from './validateImage';
import { OnlineButton } from '../../ui/OnlineButton';

interface Props {
  open: boolean;
  fileId: string;
  originalName: string;
  creatorName: string;
  onClose: () => void;
  onReplaced: (result: ReplaceResult) => void;
}

/** The edit modal: a new image (validated, previewed) and an optional new name. */
export function EditDialog({ open, fileId, originalName, creatorName, onClose, onReplaced }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's word that this card's embedded assets can't be kept with this picture: nothing is
  // saved until the user chooses to save without them (the V3 spec asks that they be told).
  const [assetsWarning, setAssetsWarning] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (open) return;
    setFile(null);
    setName('');
    setError(null);
    setAssetsWarning(null);
  }, [open]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = replacementImageError(chosen);
    setError(problem);
    setAssetsWarning(null);
    setFile(problem ? null : chosen);
  };

  const replace = async (dropAssets: boolean) => {
    const problem = replacementImageError(file);
    if (problem || !file) return setError(problem);
    setBusy(true);
    setError(null);
    setAssetsWarning(null);
    try {
      const result = await replaceCharacterImage({
        original_file_id: fileId,
        new_image: await readAsDataUrl(file),
        new_name: name.trim(),
        creator_name: creatorName,
        is_public_image: true,
        update_chat_links: true,
        ...(dropAssets ? { drop_assets: true } : {}),
      });
      onReplaced(result);
      onClose();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'assets_not_kept') setAssetsWarning(failure.message);
      else setError(failure instanceof ApiError && failure.status > 0 ? failure.message : 'Failed to replace character image');
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void replace(false);
  };

  return (
    <Modal open={open} titleId="replace-edit-title" onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <h2 id="replace-edit-title" className={styles.title}>
          Change Character
        </h2>
        <p className={styles.text}>Replace the image of {originalName}.</p>
        <label className={styles.field}>
          <span>New image</span>
          <input type="file" accept="image/*" onChange={choose} aria-describedby="replace-hint" />
          <span id="replace-hint" className={styles.hint}>
            JPG, PNG, GIF
          </span>
        </label>
        {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- it stands beside the current image: the words say which one this is */}
        {preview && <img className={styles.preview} src={preview} alt="Preview of the new image" />}
        <label className={styles.field}>
          <span>New name (optional)</span>
          <input type="text" value={name} onChange={(event) => setName(event.target.value)} placeholder={originalName} maxLength={200} />
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        {assetsWarning && (
          <div role="alert">
            <p className={styles.error}>{assetsWarning}</p>
            <OnlineButton type="button" className={styles.secondary} onClick={() => void replace(true)} disabled={busy}>
              Save without the assets
            </OnlineButton>
          </div>
        )}
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            Cancel
          </button>
          <OnlineButton type="submit" className={styles.primary} disabled={busy}>
            {busy ? 'Replacing...' : 'Replace'}
          </OnlineButton>
        </div>
      </form>
    </Modal>
  );
}
