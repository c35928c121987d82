import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { PictureCrop } from '../../../db/drafts';
import { Modal } from '../../replace/Modal';
import styles from '../Editor.module.css';
import { clampCrop, cropRect, cropToPng, decodePicture, MAX_ZOOM, PictureError } from './picture';
import { useObjectUrl } from './useObjectUrl';

interface Props {
  /** The picture to crop; null while closed. */
  source: Blob | null;
  initial: PictureCrop;
  onApply: (png: Blob, crop: PictureCrop) => void;
  onCancel: () => void;
}

/** How far one arrow key press moves the frame: a twentieth of what it shows. */
const STEP = 0.05;

/**
 * Fits the picture to the card's 2:3 frame: drag (or the arrow keys) to move it, the slider (or +/-)
 * to zoom; 'Use this picture' writes the framed part as a PNG.
 */
export function CropDialog({ source, initial, onApply, onCancel }: Props) {
  const titleId = useId();
  const url = useObjectUrl(source);
  const [bitmap, setBitmap] = useState<ImageBitmap | null>(null);
  const [crop, setCrop] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; crop: PictureCrop } | null>(null);

  useEffect(() => {
    if (!source) return;
    let live = true;
    let decoded: ImageBitmap | null = null;
    setBitmap(null);
    setError(null);
    setCrop(initial);
    decodePicture(source).then(
      (made) => {
        decoded = made;
        if (live) setBitmap(made);
        else made.close();
      },
      (failure: unknown) => live && setError(failure instanceof PictureError ? failure.message : String(failure)),
    );
    return () => {
      live = false;
      decoded?.close();
    };
  }, [source, initial]);

  const size = bitmap ? { width: bitmap.width, height: bitmap.height } : null;
  const update = (next: PictureCrop) => size && setCrop(clampCrop(size, next));
  const rect = size ? cropRect(size, crop) : null;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || !size || !rect || !frame.current) return;
    // Screen pixels → source pixels: the frame shows rect.width source pixels across its width.
    const scale = rect.width / frame.current.clientWidth;
    update({
      ...start.crop,
      centerX: start.crop.centerX - ((event.clientX - start.x) * scale) / size.width,
      centerY: start.crop.centerY - ((event.clientY - start.y) * scale) / size.height,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!size || !rect) return;
    const dx = (rect.width * STEP) / size.width;
    const dy = (rect.height * STEP) / size.height;
    const moves: Record<string, Partial<PictureCrop>> = {
      ArrowLeft: { centerX: crop.centerX - dx },
      ArrowRight: { centerX: crop.centerX + dx },
      ArrowUp: { centerY: crop.centerY - dy },
      ArrowDown: { centerY: crop.centerY + dy },
      '+': { zoom: crop.zoom * 1.1 },
      '=': { zoom: crop.zoom * 1.1 },
      '-': { zoom: crop.zoom / 1.1 },
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    update({ ...crop, ...move });
  };

  const apply = async () => {
    if (!bitmap || !source) return;
    setBusy(true);
    try {
      onApply(await cropToPng(bitmap, crop), crop);
    } catch (failure) {
      setError(failure instanceof PictureError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  // The picture placed so that `rect` fills the frame; percentages keep it right at any frame size.
  const placed =
    size && rect
      ? {
          width: `${(size.width / rect.width) * 100}%`,
          left: `${(-rect.x / rect.width) * 100}%`,
          top: `${(-rect.y / rect.height) * 100}%`,
        }
      : undefined;

  return (
    <Modal open={source !== null} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Frame the picture
      </h2>
      <p className={styles.hint}>Cards are 2:3. Drag the picture, or use the arrow keys, to choose what shows.</p>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a focusable frame that pans with arrows and zooms with +/- */}
      <div
        ref={frame}
        className={styles.cropFrame}
        role="group"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the frame is operated from the keyboard
        tabIndex={0}
        aria-label="Picture in the card's frame: arrow keys move it, plus and minus zoom"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      >
        {url && placed && <img src={url} alt="" style={placed} draggable={false} />}
      </div>
      <label className={styles.zoom}>
        Zoom
        <input
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={crop.zoom}
          disabled={!bitmap}
          onChange={(event) => update({ ...crop, zoom: event.currentTarget.valueAsNumber })}
        />
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className={styles.primary} disabled={!bitmap || busy} onClick={() => void apply()}>
          {busy ? 'Preparing…' : 'Use this picture'}
        </button>
      </div>
    </Modal>
  );
}
