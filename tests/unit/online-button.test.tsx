import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectivityStore } from '../../src/lib/connectivity';
import { OnlineButton } from '../../src/ui/OnlineButton';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  connectivityStore.set({ status: 'online', retryAt: null });
});

const button = () => screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;

describe('OnlineButton', () => {
  it('acts while cardchat answers, with its own title and every other prop', () => {
    const onClick = vi.fn();
    render(
      <OnlineButton type="submit" className="danger" title="Delete this card" aria-describedby="hint" onClick={onClick}>
        Delete
      </OnlineButton>,
    );
    expect(button().disabled).toBe(false);
    expect(button().title).toBe('Delete this card');
    expect(button().type).toBe('submit');
    expect(button().className).toBe('danger');
    expect(button().getAttribute('aria-describedby')).toBe('hint');
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled with the reason as its title while the device is offline, and comes back with it', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <OnlineButton type="button" title="Delete this card">
        Delete
      </OnlineButton>,
    );
    expect(button().disabled).toBe(true);
    expect(button().title).toBe("You're offline");

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(button().disabled).toBe(false);
    expect(button().title).toBe('Delete this card');
  });

  it('says "Can\'t reach cardchat" while the device is online but cardchat does not answer', () => {
    render(<OnlineButton type="button">Delete</OnlineButton>);
    act(() => connectivityStore.set({ status: 'unreachable', retryAt: null }));
    expect(button().disabled).toBe(true);
    expect(button().title).toBe("Can't reach cardchat");
  });

  it('keeps its own disabled while cardchat answers', () => {
    render(
      <OnlineButton type="button" disabled>
        Delete
      </OnlineButton>,
    );
    expect(button().disabled).toBe(true);
    expect(button().hasAttribute('title')).toBe(false);
  });

  it('as a focusable menu item, says it is disabled with aria-disabled and ignores the click', () => {
    const onClick = vi.fn();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <OnlineButton type="button" role="menuitem" focusable onClick={onClick}>
        Delete
      </OnlineButton>,
    );
    const item = screen.getByRole('menuitem', { name: 'Delete' }) as HTMLButtonElement;
    expect(item.disabled).toBe(false);
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.title).toBe("You're offline");
    fireEvent.click(item);
    expect(onClick).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(item.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(item);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
