import { vi } from 'vitest';
import type { BubbleTools } from '../../src/features/chat/window/MessageBubble';
import type { MessageList } from '../../src/features/chat/window/MessageList';

/** What every MessageList in a test gets unless it says otherwise: an idle chat, mocks for the actions. */
export function listProps(): Omit<Parameters<typeof MessageList>[0], 'messages'> {
  const tools: BubbleTools = {
    onEdit: vi.fn(),
    onCancelEdit: vi.fn(),
    onSave: vi.fn(),
    onDelete: vi.fn(),
    onDeleteFrom: vi.fn(),
    onBranch: vi.fn(),
    onPin: vi.fn(),
    onChooseVersion: vi.fn(),
    onRegenerate: vi.fn(),
    onContinue: vi.fn(),
  };
  return {
    waiting: new Map(),
    replaying: false,
    onSendNow: vi.fn(),
    characterName: 'Ada',
    greeting: null,
    history: {
      hasOlder: false,
      loadingOlder: false,
      loadOlderError: null,
      loadOlder: vi.fn(),
      atNewest: true,
      loadNewer: vi.fn(),
      toNewest: vi.fn(),
    },
    actions: { busy: false, failedRegeneration: null, retryRegeneration: vi.fn() },
    regenerableId: null,
    onRetry: vi.fn(),
    tools,
    editingId: null,
    emptyText: null,
  };
}
