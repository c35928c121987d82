import type { ComponentProps } from 'react';
import { useOfflineReason } from '../lib/useOnline';

interface Props extends ComponentProps<'button'> {
  /**
   * Stays focusable while unavailable (a menu item the arrow keys still reach): aria-disabled in
   * place of disabled, and a click does nothing.
   */
  focusable?: boolean;
}

/**
 * A button for an action that needs cardchat: disabled while the app cannot reach it, with the reason
 * ("You're offline", "Can't reach cardchat") as its title. Its own `disabled` adds to that; its own
 * `title` shows while cardchat answers.
 */
export function OnlineButton({ disabled, title, focusable = false, onClick, ...props }: Props) {
  const offline = useOfflineReason();
  const unavailable = disabled === true || offline !== undefined;
  const shared = { ...props, title: offline ?? title };
  if (!focusable) return <button {...shared} onClick={onClick} disabled={unavailable} />;
  return <button {...shared} onClick={unavailable ? undefined : onClick} aria-disabled={unavailable} />;
}
