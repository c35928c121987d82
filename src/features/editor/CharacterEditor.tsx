import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { characterDisplayName } from '@core/card/index';
import { userDisplayName } from '@core/chat/userName';
import { mayChangePicture } from '@core/plans';
import { useProfile } from '../../auth/useProfile';
import { useClientConfig } from '../../config/useClientConfig';
import { collectionItem } from '../../db/collections';
import { useOfflineReason } from '../../lib/useOnline';
import { PageHeader } from '../../ui/PageHeader';
import { DiscardDraft, LeaveEditor } from './EditorDialogs';
import { EditorDownloads } from './EditorDownloads';
import styles from './Editor.module.css';
import { cardFromDraft } from './model/draft';
import { estimateCard, type ContextSize } from './model/estimates';
import { macroFiller } from './model/macroPreview';
import { checkDraft } from './model/validation';
import { PictureSection } from './picture/PictureSection';
import { PublishControls } from '../review/PublishControls';
import { SaveBar } from './SaveBar';
import { SavedPanel } from './SavedPanel';
import { BasicsSection } from './sections/BasicsSection';
import type { SectionProps } from './sections/formProps';
import { GreetingsSection } from './sections/GreetingsSection';
import { LorebookSection } from './sections/LorebookSection';
import { StorySection } from './sections/StorySection';
import { TokenSummary } from './TokenSummary';
import { useEditorRecord, type EditorTarget } from './useEditorRecord';
import { useProblems } from './useProblems';
import { useLeaveGuard } from './useLeaveGuard';
import { useSaveCharacter } from './useSaveCharacter';

/** cardchat's own defaults (LLM_CONTEXT_TOKENS, LLM_MAX_TOKENS) until the deployment's are known. */
const DEFAULT_SIZE: ContextSize = { contextTokens: 8192, replyTokens: 512 };

/** The 480-wide thumbnail in a list item's srcset (an edited card's carries its revision). */
function largeThumbnail(srcset: string | undefined): string | undefined {
  return srcset
    ?.split(',')
    .map((entry) => entry.trim().split(' '))
    .find(([, width]) => width === '480w')?.[0];
}

/**
 * The character editor: a new character (/create, 'Create a character') or one of the person's own
 * cards (/characters/{file_id}/edit). Writes real Character Card V2/V3 PNGs through core/card.
 */
export function CharacterEditor({ target }: { target: EditorTarget }) {
  const profile = useProfile();
  const isAdmin = profile?.is_admin === true;
  const userName = userDisplayName(profile);
  const config = useClientConfig();
  const size: ContextSize = useMemo(
    () => ({
      contextTokens: config?.context_tokens ?? DEFAULT_SIZE.contextTokens,
      replyTokens: config?.reply_tokens ?? DEFAULT_SIZE.replyTokens,
    }),
    [config],
  );
  const offline = useOfflineReason();
  const { load, state, keptAt, edit, reset, discard } = useEditorRecord(target);
  const { record } = state;
  const fileId = target.kind === 'edit' ? target.fileId : null;
  const stored = useLiveQuery(() => (fileId ? collectionItem(fileId) : undefined), [fileId]);

  // Estimates and checks follow the typing a moment behind, so a long card never slows a keystroke.
  const draft = useDeferredValue(record.draft);
  const card = useMemo(() => cardFromDraft(draft, record.base), [draft, record.base]);
  const estimate = useMemo(() => estimateCard(card, userName, size), [card, userName, size]);
  const check = useMemo(() => checkDraft(draft, card, estimate), [draft, card, estimate]);
  const fill = useMemo(() => macroFiller(card, userName), [card, userName]);
  const shown = useProblems(check);
  const saver = useSaveCharacter({ target, isAdmin, reset });
  const [discarding, setDiscarding] = useState(false);
  // Unsaved: changed since loaded or saved, or a draft brought back from the device.
  const leaving = useLeaveGuard(state.changed || keptAt !== null);

  const onSave = useCallback(() => {
    // What is on the screen now, not the deferred copy the estimates are made from.
    const now = cardFromDraft(record.draft, record.base);
    const firstError = checkDraft(record.draft, now, estimateCard(now, userName, size)).errors[0];
    shown.attempt();
    if (firstError) {
      document.getElementById(firstError.field)?.focus();
      return;
    }
    void saver.save(record, now);
  }, [record, userName, size, shown, saver]);

  if (load.phase === 'loading') return <p className={styles.status}>Loading the character…</p>;
  if (load.phase === 'failed') {
    return (
      <div className={styles.page}>
        <PageHeader title="Edit a character" />
        <p className={styles.failed} role="alert">
          {load.message}
        </p>
      </div>
    );
  }

  const name = characterDisplayName(card).trim();
  const title = fileId ? `Edit ${record.base?.data.name || 'character'}` : 'Create a Character';
  const props: SectionProps = { record, card, edit, estimate, shown, removed: state.removed, fill };
  const ownPngUrl = fileId ? (stored?.url ?? `/api/upload/image/user/${encodeURIComponent(fileId)}`) : undefined;

  return (
    <div className={styles.page}>
      <PageHeader title={title} />
      {load.restoredAt !== null && (
        <p className={styles.notice} role="status">
          Your unsaved changes from {new Date(load.restoredAt).toLocaleString()} are back.
          <button type="button" className={styles.linkButton} onClick={() => setDiscarding(true)}>
            Discard them
          </button>
        </p>
      )}
      {saver.state.phase === 'saved' && <SavedPanel item={saver.state.item} isNew={fileId === null} onDismiss={saver.dismiss} />}
      <div className={styles.layout}>
        <div className={styles.pictureArea}>
          <PictureSection
            picture={record.picture}
            ownPictureUrl={
              fileId
                ? (largeThumbnail(stored?.thumbnail_srcset) ?? `/api/upload/image/thumbnail/${encodeURIComponent(fileId)}/480.webp`)
                : undefined
            }
            edit={edit}
            canGenerate={config?.images === true}
            locked={fileId !== null && !mayChangePicture(profile?.plan)}
            offline={offline}
            name={record.draft.text.name}
            description={record.draft.text.description}
          />
        </div>
        <form className={styles.form} aria-label={title} onSubmit={(event) => event.preventDefault()} noValidate>
          <BasicsSection {...props} />
          <StorySection {...props} userName={userName} />
          <GreetingsSection {...props} name={name} />
          <LorebookSection {...props} />
        </form>
        <div className={styles.summary}>
          <TokenSummary estimate={estimate} size={size} shown={shown} />
          <EditorDownloads card={card} picture={record.picture} ownPngUrl={ownPngUrl} />
        </div>
      </div>
      <SaveBar
        isNew={fileId === null}
        isAdmin={isAdmin}
        isPublic={stored?.is_public === 1}
        publicRelease={record.publicRelease}
        onPublicRelease={(value) => edit({ type: 'publicRelease', value })}
        offline={offline}
        keptAt={keptAt}
        state={saver.state}
        onSave={onSave}
        publishing={
          fileId && stored?.review && !isAdmin ? (
            <PublishControls
              fileId={fileId}
              name={name || stored.display_title}
              review={stored.review}
              rating={stored.content_rating ?? 'sfw'}
            />
          ) : undefined
        }
      />
      <DiscardDraft
        open={discarding}
        onCancel={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          shown.reset();
          void discard();
        }}
      />
      <LeaveEditor open={leaving.status === 'blocked'} onCancel={() => leaving.reset?.()} onConfirm={() => leaving.proceed?.()} />
    </div>
  );
}
