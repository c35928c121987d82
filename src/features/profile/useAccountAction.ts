import { useState } from 'react';
import { ApiError } from '../../api/errors';

export interface ActionResult {
  ok: boolean;
  text: string;
}

/**
 * One of Profile's account actions (save the name, change the password, delete the account): busy
 * while it runs, then the line to show; an ApiError's own message, else `failure`.
 */
export function useAccountAction(failure: string) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const run = async (action: () => Promise<string | undefined>) => {
    setBusy(true);
    setResult(null);
    try {
      const text = await action();
      if (text !== undefined) setResult({ ok: true, text });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiError ? error.message : failure });
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, run, clear: () => setResult(null) };
}
