import type { ComponentProps } from 'react';
import { useOfflineReason } from '../lib/useOnline';

/**
 * A button for an action that needs cardchat: disabled while the app cannot reach it, with the reason
 * ("You're offline", "Can't reach cardchat") as its title. Its own `disabled` adds to that; its own
 * `title` shows while cardchat answers.
 */
export function OnlineButton({ disabled, title, ...props }: ComponentProps<'button'>) {
  const offline = useOfflineReason();
  return <button {...props} disabled={disabled === true || offline !== undefined} title={offline ?? title} />;
}
