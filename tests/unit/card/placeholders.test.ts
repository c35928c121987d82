import { describe, expect, it } from 'vitest';
import { characterDisplayName, fillPlaceholders } from '@core/card/placeholders';
import { fullCard } from './helpers';

const names = { char: 'Mira', user: 'Ada' };

describe('fillPlaceholders', () => {
  it('replaces {{char}} and {{user}} in any case', () => {
    expect(fillPlaceholders('{{char}} greets {{user}}. {{CHAR}}/{{User}}/{{uSeR}}', names)).toBe('Mira greets Ada. Mira/Ada/Ada');
  });

  it('replaces the legacy <BOT> and <USER> in any case', () => {
    expect(fillPlaceholders('<BOT>: hi <USER>, <bot> and <user> and <Bot>', names)).toBe('Mira: hi Ada, Mira and Ada and Mira');
  });

  it('leaves near misses alone', () => {
    const text = '{{ char }} {char} {{chars}} <char> <users> std::vector<user_t> {{{user}}}';
    expect(fillPlaceholders(text, names)).toBe('{{ char }} {char} {{chars}} <char> <users> std::vector<user_t> {Ada}');
  });

  it('inserts names literally, never expanding them again', () => {
    expect(fillPlaceholders('{{user}} meets {{char}}', { char: '$& {{user}}', user: "$1 $' <BOT>" })).toBe("$1 $' <BOT> meets $& {{user}}");
  });
});

describe('characterDisplayName', () => {
  it('uses the V3 nickname when present, else the name', () => {
    expect(characterDisplayName(fullCard())).toBe('Mira');
    const { nickname, ...data } = fullCard().data;
    expect(characterDisplayName({ data })).toBe('Mira Vell');
    expect(characterDisplayName({ data: { ...data, nickname: '  ' } })).toBe('Mira Vell');
  });
});
