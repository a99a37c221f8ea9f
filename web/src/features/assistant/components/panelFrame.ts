export const ASSISTANT_PANEL_ID = 'scripture-assistant';
export const LAUNCHER_ID = 'scripture-assistant-launcher';

/** Bottom right, at most 450 px wide, above the launcher. */
export const PANEL_FRAME =
  'fixed bottom-24 right-4 z-30 flex h-[min(680px,calc(100dvh-10.5rem))] w-[calc(100vw-2rem)] max-w-[450px] flex-col overflow-hidden rounded-2xl border border-line bg-surface text-ink shadow-2xl';
