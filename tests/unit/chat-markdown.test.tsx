import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StyledText } from '../../src/features/chat/window/StyledText';

afterEach(cleanup);

/** Element names the renderer may draw: anything else in a message's DOM is a leak. */
const ALLOWED = new Set([
  'P',
  'EM',
  'STRONG',
  'S',
  'SPAN',
  'CODE',
  'PRE',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'HR',
  'BR',
  'A',
  'DIV',
  'BUTTON',
  'svg',
  'path',
  'rect',
  'circle',
  'polyline',
  'line',
]);

describe('a message drawn as markdown', () => {
  it('draws only its own elements: raw HTML, scripts and handlers stay text', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      '<style>body{display:none}</style>',
      '<iframe src="https://evil.example"></iframe>',
      '[x](javascript:alert(1)) [y](data:text/html,hi) ![z](https://evil.example/pixel.png)',
      '<action onclick="alert(1)">x</action> <scene style="x">y</scene>',
    ].join('\n\n');
    const { container } = render(<StyledText text={hostile} />);
    const tags = [...container.querySelectorAll('*')].map((element) => element.tagName);
    expect(tags.filter((tag) => !ALLOWED.has(tag))).toEqual([]);
    expect(container.querySelector('img, script, iframe, style')).toBeNull();
    expect(
      [...container.querySelectorAll('*')].some((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('on'))),
    ).toBe(false);
    for (const link of container.querySelectorAll('a')) expect(link.getAttribute('href')).toMatch(/^https:\/\//);
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('opens links in a new tab without an opener or a referrer', () => {
    render(<StyledText text="See [the map](https://example.com/map) or mail [us](mailto:hi@example.com)." />);
    for (const name of ['the map', 'us']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('loads a picture only when the reader asks, without a referrer', () => {
    const { container } = render(<StyledText text="![a cat](https://example.com/cat.png)" />);
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Show image: a cat/ }));
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('https://example.com/cat.png');
    expect(image.getAttribute('alt')).toBe('a cat');
    expect(image.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('shows headings small, never as headings of the page', () => {
    const { container } = render(<StyledText text={'# Chapter one\n\n## Part two'} />);
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(container.textContent).toBe('Chapter onePart two');
  });

  it('draws **bold** as bold and *actions* as emphasis, with the roleplay styles around them', () => {
    const { container } = render(<StyledText text={'<action>pours **hot** tea</action> "Hello *dear*" ~~no~~'} />);
    expect(container.querySelector('[data-style="action"] strong')?.textContent).toBe('hot');
    expect(container.querySelector('[data-style="dialogue"]')?.textContent).toBe('"Hello *dear*"'.replace(/\*/g, ''));
    expect(container.querySelector('s')?.textContent).toBe('no');
  });

  it('draws a streaming reply in the styles it will end with, at every step', () => {
    const reply = 'She *smiles* and says "**welcome**, traveller". <action>waves</action>\n\n- one\n- *two*';
    const { container, rerender } = render(<StyledText text={reply} />);
    const final = container.innerHTML;
    for (let end = 1; end <= reply.length; end++) {
      rerender(<StyledText text={reply.slice(0, end)} streaming />);
      expect(container.textContent, reply.slice(0, end)).not.toMatch(/[*<>]/);
    }
    rerender(<StyledText text={reply} streaming />);
    expect(container.innerHTML).toBe(final);
  });
});
