import { useId } from 'react';
import { NUMBER_FIELDS, rangeOf, STOP_LIMITS, type NumberField } from '@core/aiSettings/samplers';
import type { SettingsDraft } from './settingsDraft';
import styles from './AiSettings.module.css';

interface Props {
  draft: SettingsDraft;
  onChange: (draft: SettingsDraft) => void;
  contextCap: number;
  /** The models this server offers (GET /api/config), its default first. */
  models: string[];
  /** Shown but not editable (a chat that follows the defaults). */
  disabled?: boolean;
}

/** Each generation setting as a number field with its range; a blank field leaves the setting to the server. */
export function SettingsFields({ draft, onChange, contextCap, models, disabled = false }: Props) {
  const stopId = useId();
  const modelId = useId();
  const setNumber = (field: NumberField, value: string) => onChange({ ...draft, numbers: { ...draft.numbers, [field]: value } });
  return (
    <fieldset className={styles.fields} disabled={disabled}>
      <legend className={styles.legend}>Sampling (leave a field empty to use the server's choice)</legend>
      {models.length > 1 && (
        <label className={styles.wide} htmlFor={modelId}>
          <span>Model</span>
          <select
            className={styles.input}
            id={modelId}
            value={draft.model}
            onChange={(event) => onChange({ ...draft, model: event.target.value })}
          >
            <option value="">Server default ({models[0]})</option>
            {models.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </label>
      )}
      {NUMBER_FIELDS.map((field) => {
        const range = rangeOf(field, contextCap);
        return (
          <label key={field} className={styles.field}>
            <span>
              {range.label}{' '}
              <span className={styles.range}>
                ({range.min} to {range.max})
              </span>
            </span>
            <input
              className={styles.input}
              type="number"
              inputMode="decimal"
              name={field}
              min={range.min}
              max={range.max}
              step={range.step}
              value={draft.numbers[field]}
              onChange={(event) => setNumber(field, event.target.value)}
            />
          </label>
        );
      })}
      <label className={styles.wide} htmlFor={stopId}>
        <span>
          Stop strings <span className={styles.range}>(one a line, up to {STOP_LIMITS.count})</span>
        </span>
        <textarea
          className={styles.textarea}
          id={stopId}
          rows={2}
          value={draft.stop}
          onChange={(event) => onChange({ ...draft, stop: event.target.value })}
        />
      </label>
    </fieldset>
  );
}
