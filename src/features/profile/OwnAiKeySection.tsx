import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AiKeyOverview } from '@core/contract';
import { deleteAiKey, getAiKey, putAiKey } from '../../api/aiKeys';
import styles from './Account.module.css';
import { ActionStatus } from './ActionStatus';
import { useAccountAction } from './useAccountAction';

/**
 * 'Your own AI service', when the operator allows some (USER_AI_ENDPOINTS): the person picks one,
 * names a model and gives their key; their chats' replies are then written there. The key is sent
 * once and never shown again, only its last 4 characters. Online only: a key never waits in the outbox.
 */
export function OwnAiKeySection() {
  const [overview, setOverview] = useState<AiKeyOverview | null>(null);
  useEffect(() => {
    let live = true;
    getAiKey().then(
      (answer) => live && setOverview(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!overview || overview.endpoints.length === 0) return null;
  return <OwnAiKeyForm overview={overview} onChange={setOverview} />;
}

function OwnAiKeyForm({ overview, onChange }: { overview: AiKeyOverview; onChange: (next: AiKeyOverview) => void }) {
  const headingId = useId();
  const serviceId = useId();
  const modelId = useId();
  const keyId = useId();
  const { key: saved, endpoints } = overview;
  const [endpoint, setEndpoint] = useState(saved?.endpoint ?? endpoints[0]!);
  const [model, setModel] = useState(saved?.model ?? '');
  const [key, setKey] = useState('');
  const { busy, result, run } = useAccountAction('Saving failed. Please try again.');

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const info = await putAiKey({ endpoint, model: model.trim(), key: key.trim() });
      setKey('');
      onChange({ ...overview, key: info });
      return 'Key saved. Your chats are now written by your own AI service.';
    });
  };
  const remove = () =>
    void run(async () => {
      await deleteAiKey();
      onChange({ ...overview, key: null });
      return 'Key removed. Your chats are written by this server’s AI again.';
    });

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Your own AI service
      </h2>
      <p className={styles.muted}>
        Use your own key with one of the services this server allows: your chats’ replies are then written there, with your key, and do not
        count against this server’s message limit. The key is stored encrypted and never shown again.
      </p>
      {saved && (
        <p className={styles.muted}>
          {saved.active ? 'In use' : 'Not in use (this server no longer allows its service)'}: key ending in <strong>{saved.last4}</strong>{' '}
          for {saved.endpoint}, model {saved.model}.
        </p>
      )}
      <form className={styles.form} onSubmit={save}>
        <label htmlFor={serviceId} className={styles.label}>
          Service
        </label>
        <select id={serviceId} className={styles.input} value={endpoint} onChange={(event) => setEndpoint(event.target.value)}>
          {endpoints.map((url) => (
            <option key={url} value={url}>
              {url}
            </option>
          ))}
        </select>
        <label htmlFor={modelId} className={styles.label}>
          Model
        </label>
        <input
          id={modelId}
          className={styles.input}
          value={model}
          maxLength={200}
          required
          placeholder="e.g. openai/gpt-4o-mini"
          onChange={(event) => setModel(event.target.value)}
        />
        <label htmlFor={keyId} className={styles.label}>
          {saved ? 'New key (to replace yours)' : 'Your key'}
        </label>
        <input
          id={keyId}
          className={styles.input}
          type="password"
          value={key}
          minLength={8}
          maxLength={500}
          required
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setKey(event.target.value)}
        />
        <div className={styles.row}>
          <button type="submit" className={styles.primary} disabled={busy || key.trim().length < 8 || model.trim() === ''}>
            {busy ? 'Saving...' : 'Save key'}
          </button>
          {saved && (
            <button type="button" className={styles.secondary} disabled={busy} onClick={remove}>
              Remove key
            </button>
          )}
        </div>
      </form>
      <ActionStatus result={result} />
    </section>
  );
}
