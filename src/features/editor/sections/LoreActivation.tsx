import { Check, NumberField, ROLE_OPTIONS, SelectField } from '../fields/SmallFields';
import { activationFromEntry, type LoreActivationDraft } from '../model/loreActivation';
import type { LoreEntryDraft, LorePosition } from '../model/lorebookDraft';
import styles from '../Editor.module.css';

const POSITIONS: { value: LorePosition; label: string }[] = [
  { value: 'before_char', label: "Before the character's description" },
  { value: 'after_char', label: 'After the scenario' },
  { value: 'em_top', label: 'Before the example dialogue' },
  { value: 'em_bottom', label: 'After the example dialogue' },
  { value: 'an_top', label: "Top of the author's note (4 messages up)" },
  { value: 'an_bottom', label: "Bottom of the author's note (4 messages up)" },
  { value: 'at_depth', label: 'In the chat, at a depth' },
];
/** Sticky, cooldown and delay, in messages. */
const TIMING: { name: 'sticky' | 'cooldown' | 'delay'; label: string }[] = [
  { name: 'sticky', label: 'Stays for (messages)' },
  { name: 'cooldown', label: 'Then rests for' },
  { name: 'delay', label: 'Not before message' },
];
const LOGICS = [
  { value: '0', label: 'and any of them' },
  { value: '1', label: 'and not all of them' },
  { value: '2', label: 'and none of them' },
  { value: '3', label: 'and all of them' },
] as const;

interface Props {
  entry: LoreEntryDraft;
  base: string;
  change: (patch: Partial<Omit<LoreEntryDraft, 'uid' | 'original'>>) => void;
}

/** SillyTavern's activation options for one entry: how its keys match, chance, recursion, groups, timing and where it goes. */
export function LoreActivation({ entry, base, change }: Props) {
  const activation = entry.activation ?? activationFromEntry(entry.original);
  const set = (patch: Partial<LoreActivationDraft>) => change({ activation: { ...activation, ...patch } });
  const id = (name: string) => `${base}-${name}`;
  return (
    <details className={styles.details}>
      <summary>When and where it goes in</summary>
      <div className={styles.checks}>
        <Check checked={activation.wholeWords} onChange={(wholeWords) => set({ wholeWords })}>
          Whole words only
        </Check>
        <Check checked={entry.case_sensitive} onChange={(case_sensitive) => change({ case_sensitive })}>
          Case-sensitive
        </Check>
        <Check checked={activation.excludeRecursion} onChange={(excludeRecursion) => set({ excludeRecursion })}>
          Other entries can't bring it in
        </Check>
        <Check checked={activation.preventRecursion} onChange={(preventRecursion) => set({ preventRecursion })}>
          Doesn't bring other entries in
        </Check>
        <Check checked={activation.delayUntilRecursion} onChange={(delayUntilRecursion) => set({ delayUntilRecursion })}>
          Only other entries bring it in
        </Check>
      </div>
      {entry.secondary_keys.length > 0 && (
        <SelectField
          id={id('logic')}
          label="A key, then the secondary keys"
          value={String(activation.logic) as (typeof LOGICS)[number]['value']}
          options={LOGICS}
          onChange={(value) => set({ logic: Number(value) as LoreActivationDraft['logic'] })}
        />
      )}
      <div className={styles.row}>
        <NumberField
          id={id('scan-depth')}
          label="Messages scanned"
          value={activation.scanDepth}
          empty="Book's (2)"
          min={0}
          max={1000}
          onChange={(scanDepth) => set({ scanDepth })}
          hint="How many recent messages its keys are looked for in."
        />
        <NumberField
          id={id('probability')}
          label="Chance (%)"
          value={activation.probability}
          min={0}
          max={100}
          onChange={(probability) => set({ probability: probability ?? 100 })}
          hint="100: every time a key matches."
        />
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={id('group')} className={styles.label}>
            Inclusion group
          </label>
          <input
            id={id('group')}
            className={styles.input}
            value={activation.group}
            onChange={(event) => set({ group: event.currentTarget.value })}
          />
          <p className={styles.hint}>Of the entries of one group that match, only one goes in, drawn by weight.</p>
        </div>
        <NumberField
          id={id('weight')}
          label="Weight"
          value={activation.groupWeight}
          min={0}
          max={1_000_000}
          onChange={(groupWeight) => set({ groupWeight: groupWeight ?? 100 })}
        />
      </div>
      <Check checked={activation.groupOverride} onChange={(groupOverride) => set({ groupOverride })}>
        Wins its group (the highest order first)
      </Check>
      <div className={styles.row}>
        {TIMING.map(({ name, label }) => (
          <NumberField
            key={name}
            id={id(name)}
            label={label}
            value={activation[name]}
            min={0}
            max={1000}
            onChange={(value) => set({ [name]: value ?? 0 })}
          />
        ))}
      </div>
      <div className={styles.row}>
        <SelectField
          id={id('position')}
          label="Position"
          value={entry.position}
          options={POSITIONS}
          onChange={(position) => change({ position })}
        />
        {entry.position === 'at_depth' && (
          <>
            <NumberField
              id={id('depth')}
              label="Depth"
              value={activation.depth}
              min={0}
              max={1000}
              onChange={(depth) => set({ depth: depth ?? 4 })}
              hint="Messages from the end; 0 is after the last."
            />
            <SelectField
              id={id('role')}
              label="Said as"
              value={activation.role}
              options={ROLE_OPTIONS}
              onChange={(role) => set({ role })}
            />
          </>
        )}
      </div>
    </details>
  );
}
