import { useCallback, useMemo, useState } from 'react';
import type { DraftCheck, DraftProblem } from './model/validation';
import { fieldId } from './model/validation';

/** Shown whatever was touched: they are about the card as a whole, not one box the person has not reached. */
const ALWAYS: ReadonlySet<string> = new Set([fieldId.tokens, fieldId.size]);

/**
 * Which problems show: a field's once the person has left it, every one once they tried to save
 * (an empty new form does not open covered in errors).
 */
export function useProblems(check: DraftCheck) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const touch = useCallback((field: string) => setTouched((seen) => (seen.has(field) ? seen : new Set(seen).add(field))), []);
  const problems = useCallback(
    (field: string): DraftProblem[] =>
      attempted || touched.has(field) || ALWAYS.has(field)
        ? [...check.errors, ...check.warnings].filter((problem) => problem.field === field)
        : [],
    [check, touched, attempted],
  );
  /** Before a save: every problem shows; the first error's field, if any, for the focus. */
  const attempt = useCallback((): string | null => {
    setAttempted(true);
    return check.errors[0]?.field ?? null;
  }, [check]);
  const reset = useCallback(() => {
    setTouched(new Set());
    setAttempted(false);
  }, []);
  return useMemo(() => ({ problems, touch, attempt, reset }), [problems, touch, attempt, reset]);
}

export type ProblemDisplay = ReturnType<typeof useProblems>;
