import { useId, useState, type FormEvent } from 'react';
import type { GroupMember } from '@core/contract';
import { addMember } from '../../sync/groups';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';
import { failureText, FormEnd } from './FormEnd';
import styles from './groups.module.css';
import { addable, MemberPicker, toggled } from './MemberPicker';
import { useGroupCandidates } from './useGroupCandidates';

export const ADD_MEMBERS_FAILED = 'Failed to add the characters. Please try again.';

interface Props {
  open: boolean;
  chatId: string;
  members: readonly GroupMember[];
  onClose: () => void;
}

/** 'Add members' to a group mid-chat: the same picker as a new group, without those already in it. */
export function AddMembersDialog({ open, chatId, members, onClose }: Props) {
  const titleId = useId();
  return (
    <Modal open={open} titleId={titleId} onClose={onClose}>
      {open && <AddMembersForm titleId={titleId} chatId={chatId} members={members} onClose={onClose} />}
    </Modal>
  );
}

function AddMembersForm({ titleId, chatId, members, onClose }: { titleId: string } & Omit<Props, 'open'>) {
  const { offered, room } = addable(
    useGroupCandidates(),
    members.map((member) => member.character_id),
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fits = picked.length > 0 && picked.length <= room;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!fits) return;
    setSaving(true);
    setError(null);
    // One at a time, in the order chosen: each is its own change, and those added stay if a later one fails.
    try {
      for (const id of picked) {
        await addMember(chatId, id);
        setPicked((now) => now.filter((x) => x !== id));
      }
      onClose();
    } catch (failure) {
      setError(failureText('Adding a member failed', failure, ADD_MEMBERS_FAILED));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void add(event)}>
      <h2 id={titleId} className={dialogStyles.title}>
        Add members
      </h2>
      <MemberPicker
        candidates={offered}
        picked={picked}
        onToggle={(id) => setPicked((now) => toggled(now, id))}
        limit={room === 0 ? 'the group is full' : `up to ${room} more`}
        empty="Every character this device knows is in the group already."
      />
      <FormEnd error={error} onCancel={onClose} submit={saving ? 'Adding...' : 'Add'} disabled={saving || !fits} />
    </form>
  );
}
