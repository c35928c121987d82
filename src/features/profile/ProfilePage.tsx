import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { userDisplayName } from '@core/chat/userName';
import { planLabel } from '@core/plans';
import { profileOf, refreshSession } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { useClientConfig } from '../../config/useClientConfig';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DisplayNameSection } from './DisplayNameSection';
import { OwnAiKeySection } from './OwnAiKeySection';
import { ExportSection } from './ExportSection';
import { PersonasSection } from '../personas/PersonasSection';
import { AiDefaultsSection } from '../aiSettings/AiDefaultsSection';
import { CreatorSection } from '../creators/CreatorSection';
import { MatureContentSection } from '../creators/MatureContentSection';
import { LocalDataSection } from './LocalDataSection';
import { PasswordSection } from './PasswordSection';
import { StorageField } from './StorageField';
import styles from './ProfilePage.module.css';

export function ProfilePage() {
  const session = useSession();
  const profile = profileOf(session);
  const auth = useClientConfig()?.auth;
  // Changes need the server: offline, the page shows what it knows and nothing to press.
  const online = session.status === 'signedIn';

  // The plan can change on the server (an upgrade); show the current one, not the one cached at start.
  useEffect(() => {
    if (navigator.onLine) void refreshSession();
  }, []);

  return (
    <div className={styles.page}>
      <PageHeader title="Profile Settings" />
      {!profile ? (
        <p className={styles.loading} role="status">
          Loading profile...
        </p>
      ) : (
        <section className={styles.card} aria-label="Your account">
          <div className={styles.identity}>
            <Avatar src={profile.picture} alt="Your avatar" size={80} />
            <p className={styles.name}>{profile.name || profile.email || 'Your account'}</p>
          </div>
          <dl className={styles.fields}>
            <div>
              <dt>E-mail</dt>
              <dd>{profile.email ?? 'N/A'}</dd>
            </div>
            <div>
              <dt>User ID</dt>
              <dd className={styles.mono}>{profile.uid || profile.sub || 'N/A'}</dd>
            </div>
            <div>
              <dt>Current Plan</dt>
              <dd className={styles.plan}>
                <span>{planLabel(profile.plan)}</span>
                <Link to="/pricing" className={styles.button}>
                  Edit Plan
                </Link>
              </dd>
            </div>
            <StorageField />
          </dl>
        </section>
      )}
      {profile && online && (
        <>
          <DisplayNameSection name={profile.name} />
          <CreatorSection handle={profile.handle ?? null} bio={profile.bio ?? ''} />
          <MatureContentSection adultConfirmed={profile.adult_confirmed === true} showNsfw={profile.show_nsfw === true} />
          <PasswordSection auth={auth} email={profile.email} />
          <ExportSection />
          <OwnAiKeySection />
        </>
      )}
      {profile && <PersonasSection profileName={userDisplayName(profile)} />}
      {profile && <AiDefaultsSection />}
      <LocalDataSection />
      {profile && online && <DeleteAccountSection email={profile.email} auth={auth} />}
    </div>
  );
}
