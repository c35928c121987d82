import { useId, useState, type FormEvent } from 'react';
import { MAX_CHAT_TITLE_CHARS, MAX_GROUP_MEMBERS, MIN_GROUP_MEMBERS } from '@core/contract/constants';
import type { RecentChat } from '@core/contract';
import { makeGroup } from '../../sync/groups';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';
import { failureText, FormEnd } from './FormEnd';
import styles from './groups.module.css';
import { MemberPicker, toggled } from './MemberPicker';
import { STRATEGY_NAMES } from './strategyNames';
import { useGroupCandidates } from './useGroupCandidates';

export const CREATE_GROUP_FAILED = 'Failed to make the group chat. Please try again.';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Opens the group just made. */
  onCreated: (chat: RecentChat) => void;
  /** Characters chosen already when it opens (a character's page makes a group with it). */
  initial?: readonly string[];
}

/** 'New group chat': a name, who speaks next, and 2–10 characters the person may chat with. */
export function NewGroupDialog({ open, onClose, onCreated, initial }: Props) {
  const titleId = useId();
  return (
    <Modal open={open} titleId={titleId} onClose={onClose}>
      {open && <NewGroupForm titleId={titleId} onClose={onClose} onCreated={onCreated} initial={initial} />}
    </Modal>
  );
}

function NewGroupForm({ titleId, onClose, onCreated, initial }: { titleId: string } & Omit<Props, 'open'>) {
  const candidates = useGroupCandidates();
  const [picked, setPicked] = useState<string[]>(() => [...(initial ?? [])]);
  const [title, setTitle] = useState('');
  const [strategy, setStrategy] = useState<NonNullable<RecentChat['group_strategy']>>('natural');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chatId] = useState(() => crypto.randomUUID());
  const enough = picked.length >= MIN_GROUP_MEMBERS && picked.length <= MAX_GROUP_MEMBERS;

  const create = (event: FormEvent) => {
    event.preventDefault();
    if (!enough) return;
    setSaving(true);
    setError(null);
    makeGroup({ chat_id: chatId, character_ids: picked, strategy, ...(title.trim() ? { title } : {}) })
      .then(
        (chat) => {
          onClose();
          onCreated(chat);
        },
        (failure: unknown) => {
          setError(failureText('Making the group chat failed', failure, CREATE_GROUP_FAILED));
        },
      )
      .finally(() => setSaving(false));
  };

  return (
    <form className={styles.form} onSubmit={create}>
      <h2 id={titleId} className={dialogStyles.title}>
        New group chat
      </h2>
      <label className={styles.field}>
        <span>Name</span>
        <input
          type="text"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={MAX_CHAT_TITLE_CHARS}
          placeholder="The members' names"
        />
      </label>
      <label className={styles.field}>
        <span>Who speaks next</span>
        <select value={strategy} onChange={(event) => setStrategy(event.target.value as typeof strategy)}>
          {Object.entries(STRATEGY_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <MemberPicker
        candidates={candidates}
        picked={picked}
        onToggle={(id) => setPicked((now) => toggled(now, id))}
        limit={`${MIN_GROUP_MEMBERS} to ${MAX_GROUP_MEMBERS} characters`}
        empty="Chat with a character or favorite one first: they appear here."
      />
      <FormEnd error={error} onCancel={onClose} submit={saving ? 'Making...' : 'Make group'} disabled={saving || !enough} />
    </form>
  );
}
