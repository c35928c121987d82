import { afterEach, describe, expect, it } from 'vitest';
import { inlinedCharacterPage } from '../../src/features/character/inlinedPage';

function shellData(text: string): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'character-page-data';
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => document.getElementById('character-page-data')?.remove());

describe('the page the server drew into the shell', () => {
  it("is read for the card it was drawn for, with the server's escapes undone", () => {
    shellData('{"file_id":"card-1","card":{"data":{"name":"\\u003c/script\\u003eMara"}}}');
    expect(inlinedCharacterPage('card-1')).toMatchObject({ file_id: 'card-1', card: { data: { name: '</script>Mara' } } });
  });

  it('is nothing for another card, a shell without it, or data that does not parse', () => {
    shellData('{"file_id":"card-1"}');
    expect(inlinedCharacterPage('card-2')).toBeNull();
    document.getElementById('character-page-data')!.remove();
    expect(inlinedCharacterPage('card-1')).toBeNull();
    shellData('{"file_id":');
    expect(inlinedCharacterPage('card-1')).toBeNull();
  });
});
