import { LegalPage } from './LegalPage';
import { POLICIES_LAST_UPDATED } from './legalMeta';
import { PRIVACY_SECTIONS } from './privacyContent';

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" lastUpdated={POLICIES_LAST_UPDATED} sections={PRIVACY_SECTIONS} />;
}
