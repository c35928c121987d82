import { describe, expect, it } from 'vitest';
import { branchBase, branchTitle, mainChatOf } from '@core/chat/index';
import { MAX_CHAT_TITLE_CHARS } from '@core/contract/constants';

describe('naming a branch', () => {
  it('numbers branches of a chat from 1, after the highest of its family', () => {
    expect(branchTitle('Aqua', [])).toBe('Aqua (branch 1)');
    expect(branchTitle('Aqua', ['Aqua', 'Aqua (branch 1)', null, 'Aqua (branch 4)'])).toBe('Aqua (branch 5)');
    // Other chats, and names that only look alike, do not count.
    expect(branchTitle('Aqua', ['Aquamarine (branch 7)', 'Rin (branch 3)', 'Aqua (branch x)', 'Aqua(branch 2)'])).toBe('Aqua (branch 1)');
  });

  it('gives a branch of a branch the next number of the family, never a second suffix', () => {
    expect(branchBase('Aqua (branch 2)')).toBe('Aqua');
    expect(branchBase('Aqua (branch 2) (branch 3)')).toBe('Aqua (branch 2)');
    expect(branchTitle('Aqua (branch 1)', ['Aqua (branch 1)', 'Aqua (branch 2)'])).toBe('Aqua (branch 3)');
  });

  it('keeps within the title limit, the number kept whole', () => {
    const long = '🌸'.repeat(MAX_CHAT_TITLE_CHARS);
    const title = branchTitle(long, []);
    expect([...title]).toHaveLength(MAX_CHAT_TITLE_CHARS);
    expect(title.endsWith('🌸 (branch 1)')).toBe(true);
  });
});

describe("SillyTavern's main_chat", () => {
  it('reads the original file name of a branch, and nothing from other metadata', () => {
    expect(mainChatOf({ main_chat: ' Aqua - 2024-01-01@10h00m00s ' })).toBe('Aqua - 2024-01-01@10h00m00s');
    expect(mainChatOf({ main_chat: '' })).toBeNull();
    expect(mainChatOf({ main_chat: 42 })).toBeNull();
    expect(mainChatOf({ note_prompt: 'x' })).toBeNull();
    expect(mainChatOf(undefined)).toBeNull();
    expect(mainChatOf({ main_chat: 'x'.repeat(1000) })).toHaveLength(300);
  });
});
