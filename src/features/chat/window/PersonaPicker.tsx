import { Link } from '@tanstack/react-router';
import { Check, ChevronUp, UserRoundCog } from 'lucide-react';
import { useId } from 'react';
import type { LocalPersona } from '../../../db/db';
import { NEW_PERSONA_HASH } from '../../personas/newPersona';
import { PersonaAvatar } from '../../personas/PersonaAvatar';
import { useMenu } from '../archive/useMenu';
import type { ChatPersona } from '../useChatPersona';
import styles from './PersonaPicker.module.css';

interface Props {
  as: ChatPersona;
  /** The profile name: who the user is without a persona. */
  profileName: string;
}

function Choice({
  name,
  avatar,
  note,
  checked,
  onPick,
}: {
  name: string;
  avatar?: LocalPersona['avatar'];
  note?: string;
  checked: boolean;
  onPick: () => void;
}) {
  return (
    <li role="none">
      <button type="button" role="menuitemradio" aria-checked={checked} className={styles.item} onClick={onPick}>
        <PersonaAvatar name={name} avatar={avatar} size={28} />
        <span className={styles.itemText}>
          <bdi className={styles.itemName}>{name}</bdi>
          {note && <span className={styles.note}>{note}</span>}
        </span>
        {checked && <Check size={16} aria-hidden="true" className={styles.check} />}
      </button>
    </li>
  );
}

/**
 * Who the user is in this chat, beside the message box: their persona's picture (and name, where
 * there is room); a menu picks another persona or the profile name. It works offline: the choice
 * waits on the device and goes with the next message.
 */
export function PersonaPicker({ as, profileName }: Props) {
  const menu = useMenu();
  const menuId = useId();
  const { persona, userName, personas = [] } = as;
  const pick = (personaId: string | null) => {
    menu.close(true);
    if (personaId !== (persona?.id ?? null)) as.choose(personaId);
  };
  const label = `You are ${userName} in this chat. Change persona`;

  return (
    <div className={styles.root} ref={menu.rootRef}>
      <button
        ref={menu.triggerRef}
        type="button"
        className={styles.trigger}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={menu.open}
        aria-controls={menu.open ? menuId : undefined}
        onClick={() => menu.setOpen((open) => !open)}
      >
        <PersonaAvatar name={userName} avatar={persona?.avatar} size={28} />
        <bdi className={styles.triggerName}>{userName}</bdi>
        <ChevronUp size={14} aria-hidden="true" className={styles.chevron} />
      </button>
      {menu.open && (
        <ul className={styles.menu} role="menu" id={menuId} aria-label="Speak as" ref={menu.menuRef} onKeyDown={menu.onMenuKeyDown}>
          <Choice name={profileName} note="Your profile name" checked={!persona} onPick={() => pick(null)} />
          {personas.map((candidate) => (
            <Choice
              key={candidate.id}
              name={candidate.name}
              avatar={candidate.avatar}
              checked={persona?.id === candidate.id}
              onPick={() => pick(candidate.id)}
            />
          ))}
          <li role="separator" className={styles.separator} />
          <li role="none">
            <Link to="/profile" hash={personas.length === 0 ? NEW_PERSONA_HASH : 'personas'} role="menuitem" className={styles.item}>
              <UserRoundCog size={18} aria-hidden="true" className={styles.manageIcon} />
              {personas.length === 0 ? 'Create a persona' : 'Manage personas'}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
