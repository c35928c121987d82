import type { CardEstimate, ContextSize } from './model/estimates';
import { fieldId } from './model/validation';
import styles from './Editor.module.css';
import { Problems } from './fields/Problems';
import type { ProblemDisplay } from './useProblems';

/** The card's whole cost in the prompt against the model's room for one, as the prompt builder counts it. */
export function TokenSummary({ estimate, size, shown }: { estimate: CardEstimate; size: ContextSize; shown: ProblemDisplay }) {
  const { total, budget } = estimate;
  const problems = [...shown.problems(fieldId.tokens), ...shown.problems(fieldId.size)];
  return (
    <section className={styles.section} aria-labelledby="editor-tokens">
      <h2 id="editor-tokens" className={styles.sectionTitle}>
        Prompt size
      </h2>
      <p className={styles.totals}>
        ≈ {total.toLocaleString('en')} of {budget.toLocaleString('en')} tokens
      </p>
      <meter
        className={styles.meter}
        min={0}
        max={Math.max(1, budget)}
        low={budget * 0.5}
        high={budget * 0.75}
        optimum={0}
        value={Math.min(total, budget)}
        aria-label="Prompt size"
        aria-describedby={problems.length > 0 ? 'editor-token-problems' : undefined}
      />
      <p className={styles.hint}>
        What a chat's first reply spends on the card: the main prompt, description, personality, scenario, examples, lore the greeting calls
        up and the greeting. The model reads {size.contextTokens.toLocaleString('en')} tokens and keeps{' '}
        {size.replyTokens.toLocaleString('en')} for its reply; the chat's history gets the rest.
      </p>
      <Problems id={problems.length > 0 ? 'editor-token-problems' : undefined} problems={problems} />
    </section>
  );
}
