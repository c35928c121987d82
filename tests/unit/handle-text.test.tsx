import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Handle } from '../../src/ui/Handle';

describe("a creator's handle on screen", () => {
  it('may wrap after each underscore and nowhere else', () => {
    const { container } = render(<Handle handle="the_very_long_handle" />);
    expect(container.textContent).toBe('@the_very_long_handle');
    expect(container.innerHTML).toBe('@the_<wbr>very_<wbr>long_<wbr>handle');
  });

  it('is one piece without underscores', () => {
    const { container } = render(<Handle handle="abc123" />);
    expect(container.innerHTML).toBe('@abc123');
  });
});
