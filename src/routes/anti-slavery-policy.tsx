import { createFileRoute } from '@tanstack/react-router';
import { AntiSlaveryPolicyPage } from '../features/legal/AntiSlaveryPolicyPage';

export const Route = createFileRoute('/anti-slavery-policy')({
  component: AntiSlaveryPolicyPage,
});
