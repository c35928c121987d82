import { useId, useState, type FormEvent } from 'react';
import type { AiPreset } from '@core/contract';
import type { LocalAiSettings } from '../../db/storyRows';
import { changeDefaults } from '../../sync/aiSettings';
import buttonStyles from '../../ui/buttons.module.css';
import { useClientConfig } from '../../config/useClientConfig';
import { PresetBar } from './PresetBar';
import { SettingsFields } from './SettingsFields';
import { draftOf, settingsOf } from './settingsDraft';
import { ASSUMED_CONTEXT_CAP, useDefaultAiSettings } from './useAiSettings';
import styles from './AiSettings.module.css';

/**
 * Profile's "AI settings": what every chat without settings of its own is written with, and the
 * presets. Read from the device and changed there first, so it works offline too.
 */
export function AiDefaultsSection() {
  const headingId = useId();
  const { defaults, presets, refusal } = useDefaultAiSettings();
  return (
    <section className={styles.card} aria-labelledby={headingId} id="ai-settings">
      <h2 id={headingId} className={styles.heading}>
        AI settings
      </h2>
      <p className={styles.note}>
        How the AI writes in your chats, unless a chat has settings of its own (its menu, AI settings). Empty fields leave the choice to
        this server.
      </p>
      {defaults === undefined || !presets ? (
        <p className={styles.note}>Loading…</p>
      ) : (
        <DefaultsForm defaults={defaults} presets={presets} refusal={refusal} />
      )}
    </section>
  );
}

function DefaultsForm({ defaults, presets, refusal }: { defaults: LocalAiSettings | null; presets: AiPreset[]; refusal: string | null }) {
  const models = useClientConfig()?.models ?? [];
  const contextCap = defaults?.context_cap ?? ASSUMED_CONTEXT_CAP;
  const [draft, setDraft] = useState(() => draftOf(defaults?.settings ?? {}));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const current = () => settingsOf(draft, contextCap);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const read = current();
    if ('problem' in read) return setMessage({ text: read.problem, error: true });
    void changeDefaults(read.settings).then(() => setMessage({ text: 'Saved.', error: false }));
  };

  const shown = message ?? (refusal ? { text: refusal, error: true } : null);
  return (
    <form className={styles.form} onSubmit={save} noValidate>
      <SettingsFields
        draft={draft}
        onChange={(next) => {
          setDraft(next);
          setMessage(null);
        }}
        contextCap={contextCap}
        models={models}
      />
      <PresetBar presets={presets} current={current} contextCap={contextCap} onApply={(settings) => setDraft(draftOf(settings))} />
      {shown && (
        <p className={shown.error ? styles.error : styles.note} role={shown.error ? 'alert' : 'status'}>
          {shown.text}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={buttonStyles.primary}>
          Save defaults
        </button>
      </div>
    </form>
  );
}
