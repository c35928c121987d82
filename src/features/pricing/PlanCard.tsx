import { Check, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { SUPPORT_EMAIL } from '../legal/legalMeta';
import type { Plan } from './plans';
import styles from './PricingPage.module.css';

export interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  /** A visitor: no plan of theirs to compare with. */
  signedOut: boolean;
  checkoutUrl: string | null;
}

function PlanAction({ plan, isCurrent, signedOut, checkoutUrl }: PlanCardProps) {
  const [showHowTo, setShowHowTo] = useState(false);
  const howToId = useId();

  if (isCurrent) {
    return (
      <button type="button" className={styles.button} disabled>
        <Check aria-hidden="true" size={18} />
        Current plan
      </button>
    );
  }
  if (plan.availability !== 'available') {
    return (
      <button type="button" className={styles.button} disabled>
        {plan.availability !== 'free' ? 'Coming soon' : signedOut ? 'Free with every account' : 'Included in your plan'}
      </button>
    );
  }
  if (checkoutUrl) {
    return (
      <a className={`${styles.button} ${styles.primary}`} href={checkoutUrl} target="_blank" rel="noopener noreferrer">
        Upgrade to {plan.name}
        <ExternalLink aria-hidden="true" size={18} />
        <span className={styles.srOnly}> (opens in a new tab)</span>
      </a>
    );
  }
  // Without a checkout link the button still answers: upgrades wait for the server, and support can be asked.
  return (
    <>
      <button
        type="button"
        className={`${styles.button} ${styles.primary}`}
        aria-expanded={showHowTo}
        aria-controls={howToId}
        onClick={() => setShowHowTo((shown) => !shown)}
      >
        Upgrade to {plan.name}
      </button>
      <div id={howToId} className={styles.howTo} hidden={!showHowTo}>
        <p>Upgrades aren't available on this server yet.</p>
        <p>
          To ask about {plan.name} for your account, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </div>
    </>
  );
}

export function PlanCard(props: PlanCardProps) {
  const { plan, isCurrent } = props;
  const titleId = useId();
  // '/month' reads as one unit with the price; 'forever' and 'per 3 months' need a space.
  const separator = plan.period.startsWith('/') ? '' : ' ';
  const classes = [styles.card, plan.popular && styles.popular, isCurrent && styles.current].filter(Boolean);

  return (
    <article className={classes.join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.planName}>
        {plan.name}
      </h2>
      {plan.popular && <p className={styles.popularBadge}>Most popular</p>}
      <p className={styles.price}>
        <span className={styles.amount}>{plan.price}</span>
        {separator}
        <span className={styles.period}>{plan.period}</span>
      </p>
      {plan.savings && <p className={styles.savings}>{plan.savings}</p>}
      <ul className={styles.features}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <Check aria-hidden="true" size={18} className={styles.featureIcon} />
            {feature}
          </li>
        ))}
      </ul>
      <div className={styles.action}>
        <PlanAction {...props} />
      </div>
    </article>
  );
}
