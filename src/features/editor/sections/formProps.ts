import type { Card } from '@core/card/index';
import type { CharacterDraftRecord } from '../../../db/drafts';
import type { EditorAction, Removed } from '../model/editorState';
import type { CardEstimate } from '../model/estimates';
import type { ProblemDisplay } from '../useProblems';

/** What every section of the form is given. */
export interface SectionProps {
  record: CharacterDraftRecord;
  /** The card the draft makes (what is saved, estimated and previewed). */
  card: Card;
  edit: (action: EditorAction) => void;
  estimate: CardEstimate;
  shown: ProblemDisplay;
  /** The last removed greeting or entry, for Undo. */
  removed: Removed | null;
  /** Fills a text's macros as a new chat would (previews). */
  fill: (text: string) => string;
}
