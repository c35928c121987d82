import { Check, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import type { Plan } from './plans';
import styles from './PricingPage.module.css';

export interface PlanCardProps {
  plan: Plan;
  isCurrent: boolean;
  checkoutUrl: string | null;
}

/** The example the administrator can copy; the e-mail is a placeholder the user fills in. */
const SET_PLAN_COMMAND = 'npm run admin -- set-plan your@email monthly';

function PlanAction({ plan, isCurrent, checkoutUrl }: PlanCardProps) {
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
        {plan.availability === 'free' ? 'Included in your plan' : 'Coming soon'}
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
  // Without a checkout link the button still does something useful: it says how to upgrade today.
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
        <p>Online checkout isn't set up on this server yet.</p>
        <p>
          To upgrade today, ask the administrator of this cardchat server to switch your account to {plan.name}.
          They can run this command, with your account's e-mail address:
        </p>
        <code className={styles.command}>{SET_PLAN_COMMAND}</code>
      </div>
    </>
  );
}

export function PlanCard({ plan, isCurrent, checkoutUrl }: PlanCardProps) {
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
        <PlanAction plan={plan} isCurrent={isCurrent} checkoutUrl={checkoutUrl} />
      </div>
    </article>
  );
}
