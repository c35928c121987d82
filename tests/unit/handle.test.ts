import { describe, expect, it } from 'vitest';
import { handleProblem, HANDLE_MAX_CHARS, HANDLE_MIN_CHARS, normalizeHandle } from '@core/creators/handle';

describe('a creator handle', () => {
  it('is what was typed without a leading @ or spaces, in lower case', () => {
    expect(normalizeHandle('  @Ada_Writes ')).toBe('ada_writes');
    expect(normalizeHandle('quill')).toBe('quill');
  });

  it('takes 3 to 30 of the letters a–z, digits and _', () => {
    expect(handleProblem('ada')).toBeNull();
    expect(handleProblem('a_1_b_2')).toBeNull();
    expect(handleProblem('x'.repeat(HANDLE_MAX_CHARS))).toBeNull();
    expect(handleProblem('ab')).toBe(`A handle has at least ${HANDLE_MIN_CHARS} characters.`);
    expect(handleProblem('')).toBe(`A handle has at least ${HANDLE_MIN_CHARS} characters.`);
    expect(handleProblem('x'.repeat(HANDLE_MAX_CHARS + 1))).toBe(`A handle has at most ${HANDLE_MAX_CHARS} characters.`);
  });

  it('refuses anything else, whatever it looks like', () => {
    for (const handle of ['ada-writes', 'ada.w', 'ada writes', 'Ada', 'adá', 'аda', 'ada\u202e', '<b>ada', 'ada%20']) {
      expect(handleProblem(handle), handle).toBe('A handle uses only the letters a–z, the digits 0–9 and _.');
    }
  });

  it("refuses the app's own words and names people would take for staff", () => {
    for (const handle of ['admin', 'administrator', 'cardchat', 'support', 'moderator', 'api', 'oidc', 'characters', 'admin_2', 'mod7']) {
      expect(handleProblem(handle), handle).toBe('This handle is reserved.');
    }
    expect(handleProblem('admiral')).toBeNull();
    expect(handleProblem('supporter')).toBeNull();
  });
});
