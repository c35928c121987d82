import { useId } from 'react';
import { MAX_GROUP_MEMBERS } from '@core/contract/constants';
import { ChatAvatar } from '../chat/history/ChatAvatar';
import type { GroupCandidate } from './useGroupCandidates';
import styles from './groups.module.css';

interface Props {
  /** The characters offered (undefined while read). */
  candidates: GroupCandidate[] | undefined;
  picked: readonly string[];
  onToggle: (id: string) => void;
  /** How many may be chosen at most, and the line under the list saying so. */
  limit: string;
  /** Shown when none is offered. */
  empty: string;
}

/** The characters a group may take, each a checkbox with its portrait, and how many are chosen. */
export function MemberPicker({ candidates, picked, onToggle, limit, empty }: Props) {
  const countId = useId();
  return (
    <>
      <fieldset className={styles.candidates} aria-describedby={countId}>
        <legend>Characters</legend>
        {candidates?.length === 0 && <p className={styles.hint}>{empty}</p>}
        {candidates?.map((candidate) => (
          <label key={candidate.id} className={styles.candidate}>
            <input type="checkbox" checked={picked.includes(candidate.id)} onChange={() => onToggle(candidate.id)} />
            <ChatAvatar chat={{ ...candidate, character_name: candidate.name }} size={28} />
            <bdi>{candidate.name}</bdi>
          </label>
        ))}
      </fieldset>
      <p id={countId} className={styles.hint} aria-live="polite">
        {picked.length} chosen · {limit}
      </p>
    </>
  );
}

/** A toggle of one id in a list of chosen ids, for the picker's state. */
export const toggled = (picked: readonly string[], id: string): string[] =>
  picked.includes(id) ? picked.filter((x) => x !== id) : [...picked, id];

/** The candidates that are not members yet, and how many more the group may take. */
export function addable(candidates: GroupCandidate[] | undefined, memberIds: readonly (string | null)[]) {
  const here = new Set(memberIds);
  return { offered: candidates?.filter((candidate) => !here.has(candidate.id)), room: Math.max(0, MAX_GROUP_MEMBERS - memberIds.length) };
}
