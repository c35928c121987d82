import { FlaskConical, ShieldCheck } from 'lucide-react';
import { SUPPORT_EMAIL } from '../legal/legalMeta';
import { PlanCard } from './PlanCard';
import { isCurrentPlan, PLANS } from './plans';
import styles from './PricingPage.module.css';

export interface PricingPageProps {
  /** CHECKOUT_URL from /api/config; null when this deployment has no online checkout. */
  checkoutUrl: string | null;
  /** The user's users.plan value; null for a visitor (signed out), who is shown no current plan. */
  currentPlan: string | null;
}

export function PricingPage({ checkoutUrl, currentPlan }: PricingPageProps) {
  return (
    <div className={styles.page}>
      <p className={styles.beta} role="note">
        <FlaskConical aria-hidden="true" size={20} className={styles.betaIcon} />
        <span>
          <strong>cardchat is in beta:</strong> prices may change and features are still arriving. Thank you for testing!
        </span>
      </p>

      <header className={styles.header}>
        <h1 className={styles.title}>Plans</h1>
        <p className={styles.lead}>Start free and upgrade when you want more private card slots and extras.</p>
      </header>

      <ul className={styles.grid} aria-label="Plans">
        {PLANS.map((plan) => (
          <li key={plan.id} className={styles.gridItem}>
            <PlanCard plan={plan} isCurrent={isCurrentPlan(plan, currentPlan)} signedOut={currentPlan === null} checkoutUrl={checkoutUrl} />
          </li>
        ))}
      </ul>

      <section className={styles.guarantee} aria-labelledby="pricing-guarantee">
        <ShieldCheck aria-hidden="true" size={28} className={styles.guaranteeIcon} />
        <div>
          <h2 id="pricing-guarantee" className={styles.guaranteeTitle}>
            30-Day Money-Back Guarantee
          </h2>
          <p className={styles.guaranteeText}>
            If a paid plan isn't right for you, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> within 30 days of your
            first payment and we'll refund it in full.
          </p>
        </div>
      </section>
    </div>
  );
}
