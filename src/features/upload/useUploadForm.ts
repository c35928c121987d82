import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import { UPLOAD_FAILED, uploadCard } from '../../api/uploads';
import { useProfile } from '../../auth/useProfile';
import { FileRejected, inspectFile } from './inspectFile';
import { canUpload, initialUploadState, shownBlockers, uploadReducer } from './uploadState';
import { useOfflineReason } from '../../lib/useOnline';
import { DEFAULT_AVATAR } from '../../ui/Avatar';

export const UPLOAD_SUCCESS = 'Image uploaded successfully!';

/** The upload form's state, the checks on the chosen file, and the upload itself. */
export function useUploadForm() {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const offline = useOfflineReason();
  const profile = useProfile();
  const conditions = { signedIn: profile !== null, offline };

  // Validate each newly chosen file; a later choice makes the earlier result stale (the reducer drops it).
  const validating = state.file.phase === 'validating' ? state.file.file : null;
  useEffect(() => {
    if (!validating) return;
    inspectFile(validating).then(
      (card) => dispatch({ type: 'validated', file: validating, card }),
      (error: unknown) =>
        dispatch({ type: 'rejected', file: validating, error: error instanceof FileRejected ? error.message : String(error) }),
    );
  }, [validating]);

  // The preview is the picture the card will be stored in (a .charx's icon, a JPEG's front, the default
  // portrait for a .json or .yaml), as an object URL released when the file changes or the page goes.
  const inspected = state.file.phase === 'valid' ? state.file.card : null;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!inspected) {
      setPreview(null);
      return;
    }
    if (!inspected.picture) {
      setPreview(DEFAULT_AVATAR);
      return;
    }
    const url = URL.createObjectURL(inspected.picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [inspected]);

  const choose = useCallback((file: File) => dispatch({ type: 'choose', file }), []);
  const toggle = useCallback(
    (field: 'acceptPrivacy' | 'confirmAdult' | 'publicRelease', value: boolean) => dispatch({ type: 'toggle', field, value }),
    [],
  );

  const isAdmin = profile?.is_admin === true;
  const ready = canUpload(state, conditions);
  // A second click before the re-render that disables the button must not send the file twice.
  const sending = useRef(false);
  const upload = useCallback(async () => {
    if (!ready || state.file.phase !== 'valid' || sending.current) return;
    sending.current = true;
    dispatch({ type: 'uploading' });
    try {
      const { data } = await uploadCard(state.file.file, {
        publicRelease: isAdmin && state.publicRelease,
        onProgress: (progress) => dispatch({ type: 'progress', progress }),
      });
      dispatch({ type: 'succeeded', message: UPLOAD_SUCCESS, card: data });
    } catch (error) {
      if (error instanceof ApiError) dispatch({ type: 'failed', message: error.message, code: error.code });
      else dispatch({ type: 'failed', message: UPLOAD_FAILED });
    } finally {
      sending.current = false;
    }
  }, [ready, state.file, state.publicRelease, isAdmin]);

  return {
    state,
    preview,
    isAdmin,
    blockers: shownBlockers(state, conditions),
    ready,
    choose,
    toggle,
    upload,
  };
}
