import { describe, expect, it } from 'vitest';
import {
  expandMacros,
  humanizeDuration,
  macrosUsed,
  MAX_MACRO_DEPTH,
  MAX_MACROS,
  rollDice,
  seededRandom,
  type MacroEnv,
} from '@core/chat/index';

/** A generator that returns the given values in turn (then the last one forever). */
const values = (...list: number[]) => {
  let i = 0;
  return () => list[Math.min(i++, list.length - 1)]!;
};

const env = (overrides: Partial<MacroEnv> = {}): MacroEnv => ({
  char: 'Mira',
  user: 'Ada',
  random: values(0),
  pickSeed: 'chat-1',
  now: new Date('2024-09-28T13:07:00Z'),
  timeZone: 'Europe/Paris',
  ...overrides,
});
const fill = (text: string, overrides?: Partial<MacroEnv>) => expandMacros(text, env(overrides));

describe('macros: names and legacy tags', () => {
  it('fills {{char}}, {{user}} in any case, and TavernAI <USER>, <BOT>, <CHAR>, <CHARIFNOTGROUP>', () => {
    expect(fill('{{char}} greets {{user}}. {{CHAR}}/{{User}} <USER> <BOT> <char> <CHARIFNOTGROUP> {{charIfNotGroup}} {{group}}')).toBe(
      'Mira greets Ada. Mira/Ada Ada Mira Mira Mira Mira Mira',
    );
  });

  it('inserts a name holding {{user}} or $& literally, never filling it again', () => {
    expect(fill('{{user}} meets {{char}}', { char: '$& {{user}}', user: "$1 $' <BOT>" })).toBe("$1 $' <BOT> meets $& {{user}}");
  });

  it('leaves unknown macros, spaced names and single braces as they are, as SillyTavern does', () => {
    expect(fill('{{ char }} {char} {{chars}} <users> std::vector<user_t> {{unknown::x}}')).toBe(
      '{{ char }} {char} {{chars}} <users> std::vector<user_t> {{unknown::x}}',
    );
  });

  it('reads a run of braces as SillyTavern does: {{{char}}} is {Mira}', () => {
    expect(fill('{{{char}}} and {{{{user}}}}')).toBe('{Mira} and {{Ada}}');
  });
});

describe('macros: the card and the chat', () => {
  const fields = {
    description: 'A keeper of {{lights}}.',
    personality: 'wry',
    scenario: 'A storm.',
    persona: 'A pilot.',
    mesExamples: '<START>',
  };

  it('inserts the card fields and the persona, and leaves them as text where no fields are given', () => {
    expect(fill('{{description}} / {{personality}} / {{scenario}} / {{persona}} / {{mesExamples}}', { fields })).toBe(
      'A keeper of {{lights}}. / wry / A storm. / A pilot. / <START>',
    );
    expect(fill('{{description}}')).toBe('{{description}}');
  });

  it('fills the last messages and the idle time from the chat', () => {
    const chat = { lastMessage: 'Hi.', lastUserMessage: 'Hello?', lastCharMessage: 'Hi.', idleSince: new Date('2024-09-28T12:07:00Z') };
    expect(fill('{{lastMessage}}|{{lastUserMessage}}|{{lastCharMessage}}|{{idle_duration}}', chat)).toBe('Hi.|Hello?|Hi.|an hour');
    expect(fill('[{{lastMessage}}] {{idle_duration}}')).toBe('[] just now');
  });

  it('fills {{original}} once: later ones are empty (SillyTavern)', () => {
    expect(fill('{{original}} and {{original}}', { original: 'Default.' })).toBe('Default. and ');
    expect(fill('{{original}}')).toBe('{{original}}');
  });
});

describe('macros: text shaping', () => {
  it('drops {{// comments}} (nested macros inside too), and {{noop}}; {{newline}} is a line break', () => {
    expect(fill('A{{// note to self: {{char}} is sad }}B{{noop}}C{{newline}}D')).toBe('ABC\nD');
  });

  it('{{trim}} removes the line breaks around it', () => {
    expect(fill('one\n\n{{trim}}\n\ntwo')).toBe('onetwo');
    expect(fill('x{{newline}}{{trim}}y')).toBe('xy');
  });

  it('reverses {{reverse:text}}', () => {
    expect(fill('{{reverse:abc}}')).toBe('cba');
  });
});

describe('macros: chance', () => {
  it('{{random}} picks with the injected generator from :: or comma lists (\\, is a comma)', () => {
    expect(fill('{{random::a::b::c}}', { random: values(0.5) })).toBe('b');
    expect(fill('{{random:a, b\\, c, d}}', { random: values(0.4) })).toBe('b, c');
    expect(fill('{{random::x}} {{random::x::y}}', { random: values(0.99) })).toBe('x y');
  });

  it('fills inner macros first: {{random::{{roll:d6}}::{{user}}}}', () => {
    // The roll draws 0.5 → 4; the list then draws 0.6 → its second item.
    expect(fill('{{random::{{roll:d6}}::{{user}}}}', { random: values(0.5, 0.6) })).toBe('Ada');
    expect(fill('{{random::{{roll:d6}}::{{user}}}}', { random: values(0.5, 0.1) })).toBe('4');
  });

  it('{{pick}} is the same for a chat and a place in the text, whatever the generator, and differs between chats', () => {
    const text = 'Today: {{pick::rain::sun::fog::snow}}.';
    const first = fill(text, { random: values(0) });
    expect(fill(text, { random: values(0.9) })).toBe(first);
    const chats = new Set(Array.from({ length: 12 }, (_, i) => fill(text, { pickSeed: `chat-${i}` })));
    expect(chats.size).toBeGreaterThan(1);
  });

  it('rolls dice: d20, 2d6+1, a bare number of sides; an invalid formula is empty; past the bounds it stays text', () => {
    expect(rollDice('d20', values(0.999))).toBe('20');
    expect(rollDice('2d6+1', values(0, 0.5))).toBe(String(1 + 4 + 1));
    expect(rollDice('20', values(0))).toBe('1');
    expect(fill('{{roll:abc}}|{{roll 3d4-2}}', { random: values(0) })).toBe('|1');
    expect(fill('{{roll:1000000d1000000}} {{roll:d99999999999}}')).toBe('{{roll:1000000d1000000}} {{roll:d99999999999}}');
  });

  it('draws the same numbers from the same seed (a greeting reads the same in the app and on the server)', () => {
    const a = seededRandom('chat-1:greeting');
    const b = seededRandom('chat-1:greeting');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe('macros: the clock', () => {
  it("prints the person's time zone's time and date as SillyTavern (moment, English) does", () => {
    expect(fill('{{time}}|{{date}}|{{weekday}}|{{isotime}}|{{isodate}}')).toBe('3:07 PM|September 28, 2024|Saturday|15:07|2024-09-28');
    expect(fill('{{time}} {{isodate}}', { timeZone: 'America/Los_Angeles' })).toBe('6:07 AM 2024-09-28');
    expect(fill('{{time_UTC+2}} {{time_UTC-5}}')).toBe('3:07 PM 8:07 AM');
  });

  it("falls back to the runtime's zone for an unknown one", () => {
    expect(fill('{{isodate}}', { timeZone: 'Not/AZone' })).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('humanizes idle time as moment does', () => {
    expect(
      [
        10e3,
        50e3,
        5 * 60e3,
        50 * 60e3,
        5 * 3600e3,
        30 * 3600e3,
        10 * 86400e3,
        40 * 86400e3,
        100 * 86400e3,
        400 * 86400e3,
        900 * 86400e3,
      ].map(humanizeDuration),
    ).toEqual([
      'a few seconds',
      'a minute',
      '5 minutes',
      'an hour',
      '5 hours',
      'a day',
      '10 days',
      'a month',
      '3 months',
      'a year',
      '2 years',
    ]);
  });
});

describe('macros: bad input and limits', () => {
  it('keeps an unclosed {{ and stray }} as text', () => {
    expect(fill('Hi {{char and {{user}} }} there }}')).toBe('Hi {{char and Ada }} there }}');
  });

  it('expands 10,000 macros in one field, and leaves the ones past its cap as text', () => {
    expect(fill('{{char}}'.repeat(10_000))).toBe('Mira'.repeat(10_000));
    const over = fill('{{char}}'.repeat(MAX_MACROS + 5));
    expect(over.endsWith('{{char}}'.repeat(5))).toBe(true);
  });

  it('keeps nesting past its depth as text, however deep', () => {
    expect(fill(`${'{{'.repeat(MAX_MACRO_DEPTH)}char${'}}'.repeat(MAX_MACRO_DEPTH)}`)).toBe(
      `${'{{'.repeat(MAX_MACRO_DEPTH - 1)}Mira${'}}'.repeat(MAX_MACRO_DEPTH - 1)}`,
    );
    const deep = `${'{{'.repeat(50_000)}char${'}}'.repeat(50_000)}`;
    expect(fill(deep).length).toBeLessThanOrEqual(deep.length);
  });

  it('caps the result: a field inserted thousands of times stays within maxLength', () => {
    const out = expandMacros('{{description}}'.repeat(5000), env({ fields: { description: 'x'.repeat(10_000) } }), { maxLength: 50_000 });
    expect(out.length).toBe(50_000);
  });

  it('lists the macros a text uses, each once, saying which are unknown', () => {
    expect(macrosUsed('{{char}} {{random::a::b}} {{CHAR}} <USER> {{// hi}} {{roll:d6}} {{mood}} {{pick:a,b}}')).toEqual([
      { name: '{{char}}', known: true },
      { name: '{{random}}', known: true },
      { name: '<USER>', known: true },
      { name: '{{// …}}', known: true },
      { name: '{{roll}}', known: true },
      { name: '{{mood}}', known: false },
      { name: '{{pick}}', known: true },
    ]);
  });
});
