import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';

/** Below this width the sidebar is a drawer over the page rather than a column beside it. */
export const MOBILE_QUERY = '(max-width: 768px)';

/**
 * The sidebar's two states: collapsed (desktop, remembered) and open (phone drawer). An open drawer
 * locks the page's scrolling so a swipe moves the menu, not the page beneath it.
 */
export function useSidebar() {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem('sidebarCollapsed') === 'true');
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    const locked = isMobile && mobileOpen;
    document.body.classList.toggle('scroll-locked', locked);
    return () => document.body.classList.remove('scroll-locked');
  }, [isMobile, mobileOpen]);

  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMobileOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((open) => !open);
    } else {
      setCollapsed((value) => {
        localStorage.setItem('sidebarCollapsed', String(!value));
        return !value;
      });
    }
  }, [isMobile]);

  const closeMobile = useCallback(() => setMobileOpen(false), []);

  return { isMobile, collapsed: !isMobile && collapsed, mobileOpen, toggle, closeMobile };
}
