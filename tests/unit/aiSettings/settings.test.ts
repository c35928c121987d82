// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanSettings, settingsProblem } from '@core/aiSettings/index';

describe('generation settings', () => {
  it('accepts every field inside its range', () => {
    const settings = {
      temperature: 0.9,
      top_p: 0.95,
      top_k: 40,
      min_p: 0.05,
      max_tokens: 400,
      frequency_penalty: -0.5,
      presence_penalty: 1.5,
      repetition_penalty: 1.1,
      context_tokens: 8192,
      stop: ['\nUser:'],
    };
    expect(settingsProblem(settings, 8192)).toBeNull();
    expect(settingsProblem({}, 8192)).toBeNull();
  });

  it.each([
    [{ temperature: 2.5 }, 'Temperature must be between 0 and 2.'],
    [{ temperature: Number.NaN }, 'Temperature must be between 0 and 2.'],
    [{ top_p: -0.1 }, 'Top P must be between 0 and 1.'],
    [{ top_k: 501 }, 'Top K must be between 0 and 500.'],
    [{ top_k: 4.5 }, 'Top K must be a whole number.'],
    [{ min_p: 1.5 }, 'Min P must be between 0 and 1.'],
    [{ max_tokens: 8 }, 'Max reply tokens must be between 16 and 16384.'],
    [{ frequency_penalty: 3 }, 'Frequency penalty must be between -2 and 2.'],
    [{ presence_penalty: -3 }, 'Presence penalty must be between -2 and 2.'],
    [{ repetition_penalty: 0.5 }, 'Repetition penalty must be between 1 and 2.'],
    // The context size is capped by what the operator allows.
    [{ context_tokens: 16_384 }, 'Context size must be between 512 and 8192.'],
    [{ max_tokens: 1024, context_tokens: 1024 }, 'Max reply tokens must be less than the context size.'],
    [{ stop: Array.from({ length: 9 }, (_, i) => `s${i}`) }, 'At most 8 stop strings.'],
    [{ stop: [''] }, 'A stop string must be 1 to 100 characters.'],
  ])('refuses %j with the range: %s', (settings, message) => {
    expect(settingsProblem(settings, 8192)).toBe(message);
  });

  it('leaves out unset and switched-off fields, so a service that does not know them never sees them', () => {
    expect(cleanSettings({ temperature: 0.7, top_k: 0, min_p: 0, repetition_penalty: 1, stop: [], top_p: undefined })).toEqual({
      temperature: 0.7,
    });
  });
});
