/**
 * The upload flow as a reducer: no file → validating → valid | invalid; then
 * uploading → success (form cleared) | error. Kept free of React so it can be tested alone.
 */
import type { CollectionItem } from '@core/contract';
import type { InspectedCard } from './inspectFile';

export type FileState =
  | { phase: 'none' }
  | { phase: 'validating'; file: File }
  | { phase: 'valid'; file: File; card: InspectedCard }
  | { phase: 'invalid'; file: File; error: string };

export type SendState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: number }
  | { phase: 'success'; message: string; card: CollectionItem }
  /** `code`: the server's error code, e.g. 'slot_limit' (which leads to Pricing). */
  | { phase: 'error'; message: string; code?: string };

export interface UploadState {
  file: FileState;
  send: SendState;
  acceptPrivacy: boolean;
  confirmAdult: boolean;
  publicRelease: boolean;
  /** Bumped when the form clears, so the file input is rebuilt empty. */
  resets: number;
}

export type UploadAction =
  | { type: 'choose'; file: File }
  | { type: 'validated'; file: File; card: InspectedCard }
  | { type: 'rejected'; file: File; error: string }
  | { type: 'toggle'; field: 'acceptPrivacy' | 'confirmAdult' | 'publicRelease'; value: boolean }
  | { type: 'uploading' }
  | { type: 'progress'; progress: number }
  | { type: 'succeeded'; message: string; card: CollectionItem }
  | { type: 'failed'; message: string; code?: string };

export const initialUploadState: UploadState = {
  file: { phase: 'none' },
  send: { phase: 'idle' },
  acceptPrivacy: false,
  confirmAdult: false,
  publicRelease: false,
  resets: 0,
};

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'choose':
      if (state.send.phase === 'uploading') return state;
      return { ...state, file: { phase: 'validating', file: action.file }, send: { phase: 'idle' } };
    case 'validated':
    case 'rejected':
      // A result for a file that is no longer the chosen one is stale.
      if (state.file.phase !== 'validating' || state.file.file !== action.file) return state;
      return {
        ...state,
        file:
          action.type === 'validated'
            ? { phase: 'valid', file: action.file, card: action.card }
            : { phase: 'invalid', file: action.file, error: action.error },
      };
    case 'toggle':
      if (state.send.phase === 'uploading') return state;
      return { ...state, [action.field]: action.value };
    case 'uploading':
      return { ...state, send: { phase: 'uploading', progress: 0 } };
    case 'progress':
      if (state.send.phase !== 'uploading') return state;
      return { ...state, send: { phase: 'uploading', progress: Math.min(1, Math.max(0, action.progress)) } };
    case 'succeeded':
      return { ...initialUploadState, resets: state.resets + 1, send: { phase: 'success', message: action.message, card: action.card } };
    case 'failed':
      return { ...state, send: { phase: 'error', message: action.message, code: action.code } };
  }
}

export const MESSAGE_SELECT_FILE = 'Please select a file first.';
export const MESSAGE_ACCEPT_PRIVACY = 'Please accept the privacy requirements';
export const MESSAGE_CONFIRM_AGE = 'Please confirm you are 18 or older';
export const MESSAGE_NOT_AUTHENTICATED = 'User not authenticated. Please log in.';

export interface Conditions {
  signedIn: boolean;
  /** Why cardchat cannot be used right now (lib/useOnline.ts), undefined while it answers. */
  offline: string | undefined;
}

/**
 * Why the upload button is disabled (docs/PRODUCT.md, Screens: Upload); empty when it may be pressed. A file
 * being checked or refused disables it too, but that reason shows next to the file instead.
 */
export function uploadBlockers(state: UploadState, conditions: Conditions): string[] {
  const reasons: string[] = [];
  if (!conditions.signedIn) reasons.push(MESSAGE_NOT_AUTHENTICATED);
  if (conditions.offline) reasons.push(conditions.offline);
  if (state.file.phase === 'none') reasons.push(MESSAGE_SELECT_FILE);
  if (!state.acceptPrivacy) reasons.push(MESSAGE_ACCEPT_PRIVACY);
  if (!state.confirmAdult) reasons.push(MESSAGE_CONFIRM_AGE);
  return reasons;
}

/**
 * The reasons shown under the form: none just after an upload, while the cleared form waits for the
 * next file (they would sit, stale, above 'Image uploaded successfully!'); back once a file is chosen.
 */
export function shownBlockers(state: UploadState, conditions: Conditions): string[] {
  if (state.send.phase === 'success' && state.file.phase === 'none') return [];
  return uploadBlockers(state, conditions);
}

export function canUpload(state: UploadState, conditions: Conditions): boolean {
  return state.file.phase === 'valid' && state.send.phase !== 'uploading' && uploadBlockers(state, conditions).length === 0;
}
