import { useCallback, useEffect, useRef, useState } from 'react';
import { connectivity, onReconnected } from './connectivity';
import { failedPullPhase, type PullPhase } from './pullPhase';

export interface PullSteps<T> {
  /** Asks the server and writes Dexie; the screen reads Dexie with useLiveQuery. */
  pull: () => Promise<T>;
  /** The pull answered (not called when a newer pull replaced it). */
  pulled: (result: T) => void;
  /** The pull failed, already told apart as 'offline' or 'error'. */
  failed?: (phase: PullPhase) => void;
  /** Before each pull (a new key, a retry, cardchat answering again), online or not. */
  starting?: () => void;
  /** What the console says with the error: 'Failed to load collections'. */
  failure: string;
}

/**
 * One list screen's pull from the server: again whenever `key` changes, on `retry`, and each time
 * cardchat answers again after an outage (what was shown came from the device's copy). Offline it
 * is not tried ('offline'); an answer that arrives after a newer pull started is dropped. The steps
 * are read when a pull runs, so they may change on every render.
 */
export function usePull<T>(key: string | number, steps: PullSteps<T>) {
  const [phase, setPhase] = useState<PullPhase>('loading');
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(steps);
  latest.current = steps;

  useEffect(() => {
    let current = true;
    const { pull, pulled, failed, starting, failure } = latest.current;
    starting?.();
    if (connectivity() !== 'online') {
      setPhase('offline');
      return;
    }
    setPhase('loading');
    pull().then(
      (result) => {
        if (!current) return;
        pulled(result);
        setPhase('ready');
      },
      (error: unknown) => {
        if (!current) return;
        console.error(failure, error);
        const next = failedPullPhase(error);
        failed?.(next);
        setPhase(next);
      },
    );
    return () => {
      current = false;
    };
  }, [key, attempt]);

  useEffect(() => onReconnected(() => setAttempt((n) => n + 1)), []);

  return { phase, setPhase, retry: useCallback(() => setAttempt((n) => n + 1), []) };
}
