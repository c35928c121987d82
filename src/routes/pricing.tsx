import { createFileRoute } from '@tanstack/react-router';
import { useSession } from '../auth/useSession';
import { useClientConfig } from '../config/useClientConfig';
import { PricingPage } from '../features/pricing/PricingPage';

function Pricing() {
  const config = useClientConfig();
  const session = useSession();
  const plan = session.status === 'signedIn' || session.status === 'offline' ? session.profile.plan : null;
  return <PricingPage checkoutUrl={config?.checkout_url ?? null} currentPlan={plan} />;
}

export const Route = createFileRoute('/pricing')({
  component: Pricing,
});
