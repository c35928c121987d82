import { createFileRoute } from '@tanstack/react-router';
import { useProfile } from '../auth/useProfile';
import { useClientConfig } from '../config/useClientConfig';
import { PricingPage } from '../features/pricing/PricingPage';

function Pricing() {
  const config = useClientConfig();
  const plan = useProfile()?.plan ?? null;
  return <PricingPage checkoutUrl={config?.checkout_url ?? null} currentPlan={plan} />;
}

export const Route = createFileRoute('/pricing')({
  component: Pricing,
});
