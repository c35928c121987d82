import { useId, useState, type FormEvent } from 'react';
import type { GenerationSettings } from '@core/aiSettings/samplers';
import type { AiPreset } from '@core/contract';
import type { LocalAiSettings } from '../../db/storyRows';
import { changeChatSettings } from '../../sync/aiSettings';
import buttonStyles from '../../ui/buttons.module.css';
import { useModalDialog } from '../../ui/useModalDialog';
import { useClientConfig } from '../../config/useClientConfig';
import { PresetBar } from './PresetBar';
import { SettingsFields } from './SettingsFields';
import { draftOf, settingsOf } from './settingsDraft';
import { ASSUMED_CONTEXT_CAP, useChatAiSettings } from './useAiSettings';
import styles from './AiSettings.module.css';

interface Props {
  /** The chat whose settings are open; null when closed. */
  chatId: string | null;
  onClose: () => void;
}

/**
 * A chat's AI settings, from the chat menu: it follows the person's defaults (set in Profile) or has
 * its own, picked from a preset or typed. Works offline: a change is kept on the device at once and
 * reaches the server before the chat's next message.
 */
export function ChatAiSettingsDialog({ chatId, onClose }: Props) {
  const titleId = useId();
  const { ref } = useModalDialog(chatId !== null, onClose);
  return (
    <dialog ref={ref} className={styles.dialog} onClose={onClose} aria-labelledby={titleId}>
      {chatId !== null && (
        <div className={styles.box}>
          <h2 id={titleId} className={styles.title}>
            AI settings
          </h2>
          <Loaded chatId={chatId} onClose={onClose} />
        </div>
      )}
    </dialog>
  );
}

function Loaded({ chatId, onClose }: { chatId: string; onClose: () => void }) {
  const { stored, presets, refusal } = useChatAiSettings(chatId);
  if (!stored || !presets) return <p className={styles.note}>Loading…</p>;
  return <SettingsForm key={chatId} chatId={chatId} {...stored} presets={presets} refusal={refusal} onClose={onClose} />;
}

interface FormProps {
  chatId: string;
  defaults?: LocalAiSettings;
  own?: LocalAiSettings;
  presets: AiPreset[];
  refusal: string | null;
  onClose: () => void;
}

function SettingsForm({ chatId, defaults, own, presets, refusal, onClose }: FormProps) {
  const models = useClientConfig()?.models ?? [];
  const contextCap = defaults?.context_cap ?? ASSUMED_CONTEXT_CAP;
  const defaultSettings = defaults?.settings ?? {};
  const [useOwn, setUseOwn] = useState(own !== undefined);
  const [draft, setDraft] = useState(() => draftOf(own?.settings ?? defaultSettings));
  const [problem, setProblem] = useState<string | null>(null);
  const current = () => settingsOf(draft, contextCap);

  const save = (event: FormEvent) => {
    event.preventDefault();
    let settings: GenerationSettings | null = null;
    if (useOwn) {
      const read = current();
      if ('problem' in read) return setProblem(read.problem);
      settings = read.settings;
    }
    void changeChatSettings(chatId, settings).then(onClose);
  };

  return (
    <form className={styles.form} onSubmit={save} noValidate>
      <fieldset className={styles.scope}>
        <legend className={styles.legend}>This chat's replies are written with</legend>
        <label>
          <input type="radio" name="scope" checked={!useOwn} onChange={() => setUseOwn(false)} /> My default settings
        </label>
        <label>
          <input type="radio" name="scope" checked={useOwn} onChange={() => setUseOwn(true)} /> Settings of its own
        </label>
      </fieldset>
      <SettingsFields
        draft={useOwn ? draft : draftOf(defaultSettings)}
        onChange={(next) => {
          setDraft(next);
          setProblem(null);
        }}
        contextCap={contextCap}
        models={models}
        disabled={!useOwn}
      />
      {useOwn && (
        <PresetBar presets={presets} current={current} contextCap={contextCap} onApply={(settings) => setDraft(draftOf(settings))} />
      )}
      {(problem ?? refusal) && (
        <p className={styles.error} role="alert">
          {problem ?? refusal}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={buttonStyles.primary}>
          Save
        </button>
      </div>
    </form>
  );
}
