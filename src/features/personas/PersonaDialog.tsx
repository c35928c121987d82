import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PERSONA_LIMITS } from '@core/contract/constants';
import { ApiError } from '../../api/errors';
import type { LocalPersona } from '../../db/db';
import { savePersona } from '../../sync/personas';
import buttonStyles from '../../ui/buttons.module.css';
import { Modal } from '../replace/Modal';
import { avatarDataUrl, avatarFileError } from './avatarImage';
import { PersonaAvatar } from './PersonaAvatar';
import styles from './PersonasSection.module.css';
import { OnlineButton } from '../../ui/OnlineButton';

export const SAVE_FAILED = 'Failed to save the persona. Please try again.';

interface Props {
  /** Open for a new persona (null) or to change this one; closed when undefined. */
  editing: LocalPersona | null | undefined;
  onClose: () => void;
}

/** The picture as the form holds it: the persona's own, a new one to send (with its preview), or none. */
type Picture = { kind: 'kept' } | { kind: 'new'; dataUrl: string; preview: string } | { kind: 'removed' };

/** Creates or changes a persona: its name, its description for the prompt, and an optional picture. */
export function PersonaDialog({ editing, onClose }: Props) {
  const titleId = useId();
  const descriptionHint = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [picture, setPicture] = useState<Picture>({ kind: 'kept' });
  const [isDefault, setIsDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const open = editing !== undefined;
  const nameInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setDescription(editing?.description ?? '');
    setPicture({ kind: 'kept' });
    setIsDefault(editing?.is_default ?? false);
    setError(null);
    // After the dialog's own effect has shown it (a child's effects run first): a field inside a
    // dialog not yet shown cannot take the focus, so autoFocus alone left it on the picture button.
    nameInput.current?.focus();
  }, [open, editing]);

  useEffect(() => () => (picture.kind === 'new' ? URL.revokeObjectURL(picture.preview) : undefined), [picture]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarFileError(file);
    if (problem) return setError(problem);
    try {
      setPicture({ kind: 'new', dataUrl: await avatarDataUrl(file), preview: URL.createObjectURL(file) });
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('A persona needs a name.');
    setBusy(true);
    setError(null);
    try {
      const avatar = picture.kind === 'new' ? picture.dataUrl : picture.kind === 'removed' ? null : undefined;
      await savePersona(editing?.id ?? null, {
        name: name.trim(),
        description: description.trim(),
        is_default: isDefault,
        ...(avatar === undefined ? {} : { avatar }),
      });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status > 0 ? failure.message : SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const shownAvatar = picture.kind === 'kept' ? editing?.avatar : undefined;
  const hasPicture = picture.kind === 'new' || (picture.kind === 'kept' && Boolean(editing?.avatar_url));

  return (
    <Modal open={open} titleId={titleId} onClose={onClose}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <h2 id={titleId} className={styles.dialogTitle}>
          {editing ? 'Edit persona' : 'New persona'}
        </h2>
        <div className={styles.pictureRow}>
          {picture.kind === 'new' ? (
            <img className={styles.previewImage} src={picture.preview} alt="" width={64} height={64} />
          ) : (
            <PersonaAvatar name={name || '?'} avatar={shownAvatar} size={64} />
          )}
          <div className={styles.pictureTools}>
            <label className={styles.fileButton}>
              {hasPicture ? 'Change picture' : 'Add a picture'}
              <input
                className={styles.fileInput}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(event) => void choose(event)}
              />
            </label>
            {hasPicture && (
              <button type="button" className={styles.linkButton} onClick={() => setPicture({ kind: 'removed' })}>
                Remove picture
              </button>
            )}
          </div>
        </div>
        <label className={styles.field}>
          <span>Name</span>
          <input
            type="text"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={PERSONA_LIMITS.nameChars}
            required
            ref={nameInput}
          />
        </label>
        <label className={styles.field}>
          <span>Description</span>
          <textarea
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={PERSONA_LIMITS.descriptionChars}
            rows={5}
            aria-describedby={descriptionHint}
          />
          <span id={descriptionHint} className={styles.hint}>
            Who you are in the story. Characters read it after their scenario; {'{{user}}'} and {'{{char}}'} are filled in.{' '}
            {description.length} / {PERSONA_LIMITS.descriptionChars}
          </span>
        </label>
        <label className={styles.checkField}>
          <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
          <span>Start new chats as this persona</span>
        </label>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogButtons}>
          <button type="button" className={buttonStyles.secondary} onClick={onClose}>
            Cancel
          </button>
          <OnlineButton type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </OnlineButton>
        </div>
      </form>
    </Modal>
  );
}
