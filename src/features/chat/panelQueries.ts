/** Below this width the history list slides over the chat instead of standing beside it. */
export const HISTORY_OVERLAY_QUERY = '(max-width: 900px)';
/** Below this width the character panel does the same: three columns would squeeze the chat. */
export const PANEL_OVERLAY_QUERY = '(max-width: 1280px)';
/** A phone: the list and a chat each take the whole screen, one at a time. */
export const PHONE_QUERY = '(max-width: 600px)';
