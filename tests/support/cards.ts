import { makePng, readCard, writeCard, type Card } from '@core/card/index';

let serial = 0;

/** A complete V3 card with test defaults; `fields` overrides any of them. */
export function testCard(fields: Partial<Card['data']> = {}): Card {
  serial += 1;
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: {
      name: `Card ${serial}`,
      description: 'A test character.',
      personality: 'curious',
      scenario: 'A quiet library.',
      first_mes: 'Hello, {{user}}.',
      mes_example: '',
      creator_notes: '',
      system_prompt: '',
      post_history_instructions: '',
      alternate_greetings: [],
      tags: ['test'],
      creator: 'Tester',
      character_version: '1',
      extensions: {},
      group_only_greetings: [],
      ...fields,
    },
  };
}

/**
 * A real card PNG made with the project's own codec. Every call has different pixels, so two cards
 * never share bytes (the server refuses a duplicate upload).
 */
export function testCardPng(fields: Partial<Card['data']> = {}, size = { width: 4, height: 6 }): Uint8Array {
  const card = testCard(fields);
  const rgba = new Uint8Array(size.width * size.height * 4).map((_, i) => (i * 7 + serial) % 256);
  // The serial in the first pixel makes every call's bytes unique, however many cards a test makes.
  new DataView(rgba.buffer).setUint32(0, serial);
  const png = writeCard(makePng({ ...size, rgba }), card);
  readCard(png); // the writer never makes what the reader refuses; fail here if it did
  return png;
}
