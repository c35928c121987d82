import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { PERSONA_LIMITS } from '@core/contract/constants';
import { ApiError } from '../../api/errors';
import type { LocalPersona } from '../../db/db';
import { removePersona } from '../../sync/personas';
import { DeletePersonaDialog } from './DeletePersonaDialog';
import { NEW_PERSONA_HASH } from './newPersona';
import { PersonaAvatar } from './PersonaAvatar';
import { PersonaDialog } from './PersonaDialog';
import styles from './PersonasSection.module.css';
import { usePersonas } from './usePersonas';
import { OnlineButton } from '../../ui/OnlineButton';

export const DELETE_FAILED = 'Failed to delete the persona. Please try again.';

const chatsLine = (count: number) => (count === 0 ? 'Not used in any chat' : count === 1 ? 'Used in 1 chat' : `Used in ${count} chats`);

/**
 * Profile's "Personas": who the user can be in a chat. Read from the device, so it shows offline;
 * adding, changing and deleting need cardchat.
 */
export function PersonasSection({ profileName }: { profileName: string }) {
  const headingId = useId();
  const personas = usePersonas();
  // Arriving to create one, the form is open at once, its name field focused.
  const [editing, setEditing] = useState<LocalPersona | null | undefined>(() =>
    window.location.hash === `#${NEW_PERSONA_HASH}` ? null : undefined,
  );
  const [deleting, setDeleting] = useState<LocalPersona | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  const full = (personas?.length ?? 0) >= PERSONA_LIMITS.count;

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      const result = await removePersona(deleting.id);
      setStatus(result?.message ?? 'Persona deleted.');
    } catch (error) {
      setStatus(error instanceof ApiError && error.status > 0 ? error.message : DELETE_FAILED);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <section id="personas" className={styles.card} aria-labelledby={headingId}>
      <div className={styles.headingRow}>
        <h2 id={headingId} className={styles.heading}>
          Personas
        </h2>
        <OnlineButton
          type="button"
          className={styles.add}
          onClick={() => setEditing(null)}
          disabled={full}
          title={full ? `You can keep up to ${PERSONA_LIMITS.count} personas` : undefined}
        >
          <Plus size={16} aria-hidden="true" />
          New persona
        </OnlineButton>
      </div>
      <p className={styles.muted}>
        Who you are in a story. Pick one in any chat with the button beside the message box; without one, characters call you{' '}
        <bdi className={styles.strong}>{profileName}</bdi>, your profile name. New chats start as your default persona, if you choose one.
      </p>
      {personas?.length === 0 && <p className={styles.empty}>No personas yet.</p>}
      {personas && personas.length > 0 && (
        <ul className={styles.list} aria-label="Your personas">
          {personas.map((persona) => (
            <li key={persona.id} className={styles.row}>
              <PersonaAvatar name={persona.name} avatar={persona.avatar} size={48} />
              <div className={styles.about}>
                <bdi className={styles.name}>{persona.name}</bdi>
                {persona.description && <p className={styles.description}>{persona.description}</p>}
                <p className={styles.meta}>
                  {persona.is_default && <span className={styles.badge}>Default for new chats</span>}
                  {chatsLine(persona.chat_count)}
                </p>
              </div>
              <div className={styles.actions}>
                <OnlineButton
                  type="button"
                  className={styles.action}
                  onClick={() => setEditing(persona)}
                  aria-label={`Edit ${persona.name}`}
                >
                  <Pencil size={16} aria-hidden="true" />
                </OnlineButton>
                <OnlineButton
                  type="button"
                  className={styles.action}
                  onClick={() => setDeleting(persona)}
                  aria-label={`Delete ${persona.name}`}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </OnlineButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted} role="status">
        {status}
      </p>
      <PersonaDialog editing={editing} onClose={() => setEditing(undefined)} />
      <DeletePersonaDialog
        persona={deleting}
        profileName={profileName}
        deleting={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
