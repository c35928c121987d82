import { ANTI_SLAVERY_SECTIONS } from './antiSlaveryContent';
import { LegalPage } from './LegalPage';

/** Today's date is the 'Last updated' here, unlike the terms and privacy policy. */
export function AntiSlaveryPolicyPage() {
  return <LegalPage title="Anti-Slavery Policy" lastUpdated={new Date()} sections={ANTI_SLAVERY_SECTIONS} />;
}
