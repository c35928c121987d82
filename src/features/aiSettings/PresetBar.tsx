import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { GenerationSettings } from '@core/aiSettings/samplers';
import { AI_PRESET_LIMITS } from '@core/contract/constants';
import type { AiPreset } from '@core/contract';
import { deletePreset, savePreset } from '../../sync/aiSettings';
import buttonStyles from '../../ui/buttons.module.css';
import { downloadPreset, presetFromFile } from './presetFiles';
import styles from './AiSettings.module.css';

interface Props {
  presets: AiPreset[];
  /** The form's settings now, or why they cannot be saved. */
  current: () => { settings: GenerationSettings } | { problem: string };
  contextCap: number;
  /** Puts a preset's settings in the form (still to be saved there). */
  onApply: (settings: GenerationSettings) => void;
}

const button = `${buttonStyles.secondary} ${buttonStyles.compact}`;

/** Named presets: pick one into the form, save the form as one, rename, delete, import and export SillyTavern files. */
export function PresetBar({ presets, current, contextCap, onApply }: Props) {
  const [selected, setSelected] = useState('');
  const [name, setName] = useState('');
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const selectId = useId();
  const nameId = useId();
  const chosen = presets.find((preset) => preset.id === selected);
  const say = (text: string, error = false) => setMessage({ text, error });

  const apply = () => {
    if (!chosen) return;
    const { context_tokens, ...rest } = chosen.settings;
    // A preset made for a larger context than this server allows is used up to the server's limit.
    onApply(context_tokens === undefined ? rest : { ...rest, context_tokens: Math.min(context_tokens, contextCap) });
    say(`“${chosen.name}” is in the form: save to use it.`);
  };

  const saveAsNew = () => {
    const read = current();
    if ('problem' in read) return say(read.problem, true);
    if (!name.trim()) return say('Give the preset a name.', true);
    const now = new Date().toISOString();
    const preset = { id: crypto.randomUUID(), name: name.trim(), settings: read.settings, extra: '{}', created_at: now, updated_at: now };
    void savePreset(preset).then(() => {
      setSelected(preset.id);
      setName('');
      say(`Saved “${preset.name}”.`);
    });
  };

  const rename = () => {
    if (!chosen || !name.trim()) return say('Pick a preset and type its new name.', true);
    void savePreset({ ...chosen, name: name.trim(), updated_at: new Date().toISOString() }).then(() => {
      setName('');
      say(`Renamed to “${name.trim()}”.`);
    });
  };

  const remove = () => {
    if (!chosen) return;
    void deletePreset(chosen.id).then(() => {
      setSelected('');
      say(`Deleted “${chosen.name}”.`);
    });
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const read = await presetFromFile(file);
    if ('problem' in read) return say(read.problem, true);
    await savePreset(read.preset);
    setSelected(read.preset.id);
    say(`Imported “${read.preset.name}”.`);
  };

  return (
    <section className={styles.presets} aria-label="Presets">
      <div className={styles.presetRow}>
        <label htmlFor={selectId}>Preset</label>
        <select className={styles.input} id={selectId} value={selected} onChange={(event) => setSelected(event.target.value)}>
          <option value="">{presets.length ? 'Choose a preset' : 'No presets yet'}</option>
          {presets.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.name}
            </option>
          ))}
        </select>
        <button type="button" className={button} disabled={!chosen} onClick={apply}>
          Apply
        </button>
        <button type="button" className={button} disabled={!chosen} onClick={() => chosen && downloadPreset(chosen)}>
          Export
        </button>
        <button type="button" className={button} disabled={!chosen} onClick={remove}>
          Delete
        </button>
      </div>
      <div className={styles.presetRow}>
        <label htmlFor={nameId}>Name</label>
        <input
          className={styles.input}
          id={nameId}
          type="text"
          value={name}
          maxLength={AI_PRESET_LIMITS.nameChars}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="button" className={button} onClick={saveAsNew}>
          Save as preset
        </button>
        <button type="button" className={button} disabled={!chosen} onClick={rename}>
          Rename
        </button>
        <button type="button" className={button} onClick={() => fileRef.current?.click()}>
          Import SillyTavern preset
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className={styles.fileInput}
          tabIndex={-1}
          aria-label="SillyTavern preset file"
          onChange={(event) => void importFile(event)}
        />
      </div>
      {message && (
        <p className={message.error ? styles.error : styles.note} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </section>
  );
}
