import { Volume2, VolumeX } from 'lucide-react';
import { useState } from 'react';
import type { GroupMember } from '@core/contract';
import { setMemberMuted } from '../../sync/groups';
import { OnlineButton } from '../../ui/OnlineButton';
import { ChatAvatar } from '../chat/history/ChatAvatar';
import styles from './groups.module.css';

export const MUTE_FAILED = 'Failed to change the member. Please try again.';

interface Props {
  chatId: string;
  members: readonly GroupMember[];
  /** The member chosen to write the next reply; null: the group's strategy picks. */
  chosen: string | null;
  onChoose: (memberId: string | null) => void;
}

/**
 * A group's members above the composer: a tap on one makes it write the next reply (tapped again,
 * the group picks); beside each, mute (stays in the story, never picked) or unmute.
 */
export function GroupMembersBar({ chatId, members, chosen, onChoose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const mute = (member: GroupMember) => {
    setError(null);
    setMemberMuted(chatId, member.id, !member.muted).catch((failure: unknown) => {
      console.error('Muting the member failed', failure);
      setError(MUTE_FAILED);
    });
  };
  return (
    <div className={styles.bar} role="group" aria-label="Who answers next">
      <span className={styles.barLabel}>{chosen ? 'Answers next:' : 'Tap who answers:'}</span>
      {members.map((member) => (
        <span key={member.id} className={styles.member} data-muted={member.muted}>
          <button
            type="button"
            className={styles.choose}
            aria-pressed={chosen === member.id}
            disabled={member.character_id === null}
            onClick={() => onChoose(chosen === member.id ? null : member.id)}
          >
            <ChatAvatar chat={{ ...member, character_name: member.name }} size={28} />
            <bdi>{member.name}</bdi>
            {member.muted && <span className={styles.mutedNote}>(muted)</span>}
          </button>
          <OnlineButton
            type="button"
            className={styles.mute}
            onClick={() => mute(member)}
            aria-label={`${member.muted ? 'Unmute' : 'Mute'} ${member.name}`}
            title={member.muted ? 'Unmute: may be picked to speak again' : 'Mute: stays in the story, never picked to speak'}
          >
            {member.muted ? <VolumeX size={16} aria-hidden="true" /> : <Volume2 size={16} aria-hidden="true" />}
          </OnlineButton>
        </span>
      ))}
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
