import { ImagePlus, Sparkles, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { generatePortrait } from '../../../api/characterEditor';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../api/errors';
import type { DraftPicture, PictureCrop } from '../../../db/drafts';
import { useImageUrl } from '../../collections/useImageUrl';
import { RestrictionDialog } from '../../replace/RestrictionDialog';
import type { EditorAction } from '../model/editorState';
import styles from '../Editor.module.css';
import { CropDialog } from './CropDialog';
import { checkPictureFile, DEFAULT_CROP, DEFAULT_PORTRAIT_URL, PICTURE_TYPES, PictureError } from './picture';
import { useObjectUrl } from './useObjectUrl';

interface Props {
  picture: DraftPicture | null;
  /** An edited card's own picture (a thumbnail URL the token opens); undefined for a new character. */
  ownPictureUrl?: string;
  edit: (action: EditorAction) => void;
  /** 'Generate Photo' is offered: an image service is configured. */
  canGenerate: boolean;
  /**
   * A stored card on a plan that cannot change its picture (core/plans.ts): the way to another
   * picture is the upgrade prompt.
   */
  locked: boolean;
  /** Why cardchat cannot be asked right now, if it cannot. */
  offline: string | undefined;
  name: string;
  description: string;
}

interface Cropping {
  source: Blob;
  crop: PictureCrop;
}

/** The card's picture: pick one (cropped to 2:3 here), have one painted from the description, or keep the default. */
export function PictureSection({ picture, ownPictureUrl, edit, canGenerate, locked, offline, name, description }: Props) {
  const [cropping, setCropping] = useState<Cropping | null>(null);
  const [upgrade, setUpgrade] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const chosen = useObjectUrl(picture?.png);
  const own = useImageUrl(ownPictureUrl ?? null);
  const shown = chosen ?? (ownPictureUrl ? own : DEFAULT_PORTRAIT_URL);

  const choose = (file: File) => {
    setError(null);
    try {
      checkPictureFile(file);
      setCropping({ source: file, crop: DEFAULT_CROP });
    } catch (failure) {
      setError(failure instanceof PictureError ? failure.message : String(failure));
    }
  };
  const generate = async () => {
    setError(null);
    setGenerating(true);
    try {
      setCropping({ source: await generatePortrait({ name: name.trim(), description }), crop: DEFAULT_CROP });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : NETWORK_ERROR_MESSAGE);
    } finally {
      setGenerating(false);
    }
  };
  const generateBlocker = offline ?? (name.trim() === '' ? 'Give your character a name first' : undefined);

  return (
    <section className={styles.section} aria-labelledby="editor-picture">
      <h2 id="editor-picture" className={styles.sectionTitle}>
        Picture
      </h2>
      <div className={styles.picture}>
        <div className={styles.frame}>
          {shown && (
            <img src={shown} alt={picture ? 'The chosen picture' : ownPictureUrl ? "The card's picture" : "cardchat's default portrait"} />
          )}
        </div>
        <div className={styles.pictureTools}>
          {locked ? (
            <button type="button" className={styles.secondary} onClick={() => setUpgrade(true)}>
              <ImagePlus size={18} aria-hidden="true" />
              Change the picture
            </button>
          ) : (
            <label className={styles.fileLabel}>
              <input
                className={styles.fileInput}
                type="file"
                accept={PICTURE_TYPES.join(',')}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  event.currentTarget.value = '';
                  if (file) choose(file);
                }}
              />
              <ImagePlus size={18} aria-hidden="true" />
              Choose a picture
            </label>
          )}
          {picture && (
            <button type="button" className={styles.secondary} onClick={() => setCropping({ source: picture.source, crop: picture.crop })}>
              Adjust the frame
            </button>
          )}
          {canGenerate && !locked && (
            <button
              type="button"
              className={styles.secondary}
              disabled={generating || generateBlocker !== undefined}
              title={generateBlocker}
              onClick={() => void generate()}
            >
              <Sparkles size={18} aria-hidden="true" />
              {generating ? 'Painting…' : 'Generate Photo'}
            </button>
          )}
          {picture && (
            <button type="button" className={styles.secondary} onClick={() => edit({ type: 'picture', picture: null })}>
              <Undo2 size={18} aria-hidden="true" />
              {ownPictureUrl ? "Keep the card's picture" : 'Use the default portrait'}
            </button>
          )}
          <p className={styles.hint}>
            {locked
              ? "A saved character's picture can be changed on a paid plan."
              : `PNG, JPEG or WebP, framed to 2:3. ${canGenerate ? 'Generate Photo paints one from the name and description.' : ''}`}
          </p>
        </div>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <RestrictionDialog open={upgrade} onClose={() => setUpgrade(false)} />
      <CropDialog
        source={cropping?.source ?? null}
        initial={cropping?.crop ?? DEFAULT_CROP}
        onCancel={() => setCropping(null)}
        onApply={(png, crop) => {
          if (cropping) edit({ type: 'picture', picture: { png, source: cropping.source, crop } });
          setCropping(null);
        }}
      />
    </section>
  );
}
