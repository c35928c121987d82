import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { CharacterPage } from '@core/contract';
import { ApiError } from '../../api/errors';
import { storedCharacterPage } from '../../db/characterPages';
import { onReconnected } from '../../lib/connectivity';
import { failedPullPhase } from '../../lib/pullPhase';
import { pullCharacterPage } from '../../sync/characterPages';
import { inlinedCharacterPage } from './inlinedPage';

/** Why a page cannot be shown: not there (or not this person's), for adults only, or not reachable and never seen here. */
export type PageProblem = 'missing' | 'adults' | 'offline' | 'error';

export interface CharacterPageState {
  /** Undefined while Dexie has not answered; null when this device has no copy. */
  page: CharacterPage | null | undefined;
  /** Set when the last pull failed; a page seen before still shows (offline). */
  problem: PageProblem | null;
  loading: boolean;
  retry: () => void;
}

function problemOf(error: unknown): PageProblem {
  if (error instanceof ApiError && error.status === 404) return 'missing';
  if (error instanceof ApiError && error.status === 403) return 'adults';
  return failedPullPhase(error) === 'offline' ? 'offline' : 'error';
}

/**
 * A character's page: what this device has (offline too), else what the server drew into the shell,
 * pulled again on opening and when cardchat answers again.
 */
export function useCharacterPage(fileId: string): CharacterPageState {
  const stored = useLiveQuery(async () => (await storedCharacterPage(fileId)) ?? null, [fileId]);
  const [inlined] = useState(() => inlinedCharacterPage(fileId));
  const [problem, setProblem] = useState<PageProblem | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    pullCharacterPage(fileId)
      .then(() => live && setProblem(null))
      .catch((error: unknown) => live && setProblem(problemOf(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [fileId, attempt]);
  useEffect(() => onReconnected(() => setAttempt((n) => n + 1)), []);

  // The server's copy in the shell stands in until the device has one (a first visit).
  return { page: stored ?? inlined ?? stored, problem, loading, retry: () => setAttempt((n) => n + 1) };
}
