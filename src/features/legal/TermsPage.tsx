import { LegalPage } from './LegalPage';
import { POLICIES_LAST_UPDATED } from './legalMeta';
import { TERMS_SECTIONS } from './termsContent';

export function TermsPage() {
  return <LegalPage title="Terms of Service" lastUpdated={POLICIES_LAST_UPDATED} sections={TERMS_SECTIONS} />;
}
