import { useCallback, useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { HISTORY_OVERLAY_QUERY, PANEL_OVERLAY_QUERY } from './panelQueries';

/** The first thing to focus in a panel that has just slid over the chat. */
const FOCUSABLE = 'input, button, [href], [tabindex]:not([tabindex="-1"])';

/**
 * Whether the history list and the character panel are shown. Beside the chat they start open; where
 * the screen is too narrow they slide over it instead, start closed, take the focus when opened, and
 * one closes the other; Escape or a tap on the backdrop closes them.
 */
export function useSidePanels() {
  const historyOverlays = useMediaQuery(HISTORY_OVERLAY_QUERY);
  const panelOverlays = useMediaQuery(PANEL_OVERLAY_QUERY);
  const [historyOpen, setHistoryOpen] = useState(!historyOverlays);
  const [panelOpen, setPanelOpen] = useState(!panelOverlays);
  const historyRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  // Crossing a breakpoint resets that panel to what suits the new width.
  useEffect(() => setHistoryOpen(!historyOverlays), [historyOverlays]);
  useEffect(() => setPanelOpen(!panelOverlays), [panelOverlays]);

  const historyOver = historyOverlays && historyOpen;
  const panelOver = panelOverlays && panelOpen;
  useEffect(() => {
    if (historyOver) historyRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [historyOver]);
  useEffect(() => {
    if (panelOver) panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [panelOver]);

  const closeOverlays = useCallback(() => {
    if (historyOverlays) setHistoryOpen(false);
    if (panelOverlays) setPanelOpen(false);
  }, [historyOverlays, panelOverlays]);

  const overlayOpen = historyOver || panelOver;
  useEffect(() => {
    if (!overlayOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeOverlays();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [overlayOpen, closeOverlays]);

  return {
    historyOpen,
    panelOpen,
    overlayOpen,
    historyRef,
    panelRef,
    closeOverlays,
    toggleHistory: () => {
      if (!historyOpen && historyOverlays && panelOverlays) setPanelOpen(false);
      setHistoryOpen(!historyOpen);
    },
    togglePanel: () => {
      if (!panelOpen && historyOverlays && panelOverlays) setHistoryOpen(false);
      setPanelOpen(!panelOpen);
    },
    closePanel: () => setPanelOpen(false),
    /** After a chat is picked in the list: an overlaying list gets out of the way. */
    afterSelect: () => historyOverlays && setHistoryOpen(false),
  };
}
