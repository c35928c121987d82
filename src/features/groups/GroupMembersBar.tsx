import { UserPlus, Volume2, VolumeX, X } from 'lucide-react';
import { useState } from 'react';
import type { GroupMember } from '@core/contract';
import { removeMember, setMemberMuted } from '../../sync/groups';
import { OnlineButton } from '../../ui/OnlineButton';
import { ChatAvatar } from '../chat/history/ChatAvatar';
import { AddMembersDialog } from './AddMembersDialog';
import styles from './groups.module.css';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { failureText } from './FormEnd';

export const MUTE_FAILED = 'Failed to change the member. Please try again.';
export const REMOVE_FAILED = 'Failed to remove the member. Please try again.';

interface Props {
  chatId: string;
  members: readonly GroupMember[];
  /** The member chosen to write the next reply; null: the group's strategy picks. */
  chosen: string | null;
  onChoose: (memberId: string | null) => void;
}

/**
 * A group's members above the composer: a tap on one makes it write the next reply (tapped again,
 * the group picks); beside each, mute (stays in the story, never picked) or unmute, and remove
 * (asked first; a group keeps one member); at the end, add members.
 */
export function GroupMembersBar({ chatId, members, chosen, onChoose }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [leaving, setLeaving] = useState<GroupMember | null>(null);
  const [removing, setRemoving] = useState(false);
  const mute = (member: GroupMember) => {
    setError(null);
    setMemberMuted(chatId, member.id, !member.muted).catch((failure: unknown) => {
      console.error('Muting the member failed', failure);
      setError(MUTE_FAILED);
    });
  };
  const remove = (member: GroupMember) => {
    setError(null);
    setRemoving(true);
    removeMember(chatId, member.id)
      .then(() => {
        if (chosen === member.id) onChoose(null);
      })
      .catch((failure: unknown) => {
        setError(failureText('Removing the member failed', failure, REMOVE_FAILED));
      })
      .finally(() => {
        setRemoving(false);
        setLeaving(null);
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
            className={styles.memberTool}
            onClick={() => mute(member)}
            aria-label={`${member.muted ? 'Unmute' : 'Mute'} ${member.name}`}
            title={member.muted ? 'Unmute: may be picked to speak again' : 'Mute: stays in the story, never picked to speak'}
          >
            {member.muted ? <VolumeX size={16} aria-hidden="true" /> : <Volume2 size={16} aria-hidden="true" />}
          </OnlineButton>
          {members.length > 1 && (
            <OnlineButton
              type="button"
              className={styles.memberTool}
              onClick={() => setLeaving(member)}
              aria-label={`Remove ${member.name}`}
              title="Remove from the group (their messages stay)"
            >
              <X size={16} aria-hidden="true" />
            </OnlineButton>
          )}
        </span>
      ))}
      <OnlineButton type="button" className={styles.add} onClick={() => setAdding(true)} title="Add characters to the group">
        <UserPlus size={16} aria-hidden="true" />
        Add
      </OnlineButton>
      {error && (
        <span className={styles.error} role="alert">
          {error}
        </span>
      )}
      <AddMembersDialog open={adding} chatId={chatId} members={members} onClose={() => setAdding(false)} />
      <RemoveMemberDialog
        member={leaving}
        removing={removing}
        onConfirm={() => leaving && remove(leaving)}
        onCancel={() => setLeaving(null)}
      />
    </div>
  );
}
