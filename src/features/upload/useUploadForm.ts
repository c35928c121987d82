import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import { UPLOAD_FAILED, uploadCard } from '../../api/uploads';
import { useSession } from '../../auth/useSession';
import { FileRejected, inspectFile } from './inspectFile';
import { canUpload, initialUploadState, uploadBlockers, uploadReducer } from './uploadState';
import { useOfflineReason } from '../../lib/useOnline';

export const UPLOAD_SUCCESS = 'Image uploaded successfully!';

/** The upload form's state, the checks on the chosen file, and the upload itself. */
export function useUploadForm() {
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const session = useSession();
  const offline = useOfflineReason();
  const profile = session.status === 'signedIn' || session.status === 'offline' ? session.profile : null;
  const conditions = { signedIn: profile !== null, offline };

  const chosen = state.file.phase === 'none' ? null : state.file.file;

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

  // The preview is an object URL for the chosen file, released when the file changes or the page goes.
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!chosen) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(chosen);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

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
      await uploadCard(state.file.file, {
        publicRelease: isAdmin && state.publicRelease,
        onProgress: (progress) => dispatch({ type: 'progress', progress }),
      });
      dispatch({ type: 'succeeded', message: UPLOAD_SUCCESS });
    } catch (error) {
      dispatch({ type: 'failed', message: error instanceof ApiError ? error.message : UPLOAD_FAILED });
    } finally {
      sending.current = false;
    }
  }, [ready, state.file, state.publicRelease, isAdmin]);

  return {
    state,
    preview,
    isAdmin,
    blockers: uploadBlockers(state, conditions),
    ready,
    choose,
    toggle,
    upload,
  };
}
