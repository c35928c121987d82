import { Upload } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import type { ChatImportResponse } from '@core/contract';
import { importChatFiles } from '../../../sync/chatList';
import { PricingLinkText } from '../../../ui/PricingLinkText';
import { Spinner } from '../../../ui/Spinner';
import dialogStyles from '../../../ui/dialog.module.css';
import tool from '../window/HeaderTool.module.css';
import styles from './ChatArchive.module.css';
import { IMPORT_ACCEPT, importedLine, importErrorMessage, isImportableFile, NOT_IMPORTABLE } from './importLogic';
import { NoticeDialog } from './NoticeDialog';
import { OnlineButton } from '../../../ui/OnlineButton';

type Outcome = { ok: true; result: ChatImportResponse } | { ok: false; message: string };

interface Props {
  /** Called with the ids of the imported chats, after the list has been pulled. */
  onImported?: (chatIds: string[]) => void;
}

/**
 * The chat window's 'Import': uploads chat archives and chat files (one or several at once, cardchat's
 * .zip, SillyTavern's .jsonl, RisuAI's and Agnai's .json) and reports what came in.
 */
export function ImportChatsButton({ onImported }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Cleared so choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length === 0) return;
    const other = files.find((file) => !isImportableFile(file));
    if (other) return setOutcome({ ok: false, message: `'${other.name}' is not a chat file. ${NOT_IMPORTABLE}` });
    setBusy(true);
    importChatFiles(files)
      .then(
        (result) => {
          setOutcome({ ok: true, result });
          onImported?.(result.imported.map((chat) => chat.chat_id));
        },
        (error: unknown) => {
          console.error('Chat import failed', error);
          setOutcome({ ok: false, message: importErrorMessage(error) });
        },
      )
      .finally(() => setBusy(false));
  };

  return (
    <>
      <OnlineButton
        type="button"
        className={tool.tool}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-busy={busy}
        aria-label={busy ? 'Importing...' : 'Import'}
        title="Import chats: .zip, .jsonl or .json files"
      >
        {busy ? <Spinner size={16} label="Importing..." /> : <Upload size={16} aria-hidden="true" />}
        {!busy && <span className={tool.label}>Import</span>}
      </OnlineButton>
      <input
        ref={input}
        className={styles.fileInput}
        type="file"
        accept={IMPORT_ACCEPT}
        multiple
        aria-label="Chat files (.zip, .jsonl, .json)"
        onChange={choose}
        tabIndex={-1}
      />
      <NoticeDialog title={outcome ? (outcome.ok ? 'Import Successful' : 'Import Failed') : null} onClose={() => setOutcome(null)}>
        {outcome?.ok === false && (
          <p className={dialogStyles.text}>
            <PricingLinkText text={outcome.message} />
          </p>
        )}
        {outcome?.ok && (
          <>
            <p className={dialogStyles.text}>Chat data has been imported successfully.</p>
            <ul className={styles.imported} aria-label="Imported chats">
              {outcome.result.imported.map((chat) => (
                <li key={chat.chat_id}>{importedLine(chat)}</li>
              ))}
            </ul>
            {outcome.result.skipped && (
              <>
                <p className={dialogStyles.text}>Left out:</p>
                <ul className={styles.imported} aria-label="Left out">
                  {outcome.result.skipped.map((item) => (
                    <li key={item.name}>{`${item.name}: ${item.reason}`}</li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </NoticeDialog>
    </>
  );
}
