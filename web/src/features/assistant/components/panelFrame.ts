export const ASSISTANT_PANEL_ID = 'scripture-assistant';
export const LAUNCHER_ID = 'scripture-assistant-launcher';

/** On a phone a full-height sheet; from 640 px bottom right, at most 450 px wide, above the launcher. */
export const PANEL_FRAME =
  'fixed inset-0 z-40 flex h-dvh w-full flex-col overflow-hidden bg-surface text-ink sm:inset-auto sm:bottom-24 sm:right-4 sm:z-30 sm:h-[min(680px,calc(100dvh-10.5rem))] sm:w-[calc(100vw-2rem)] sm:max-w-[450px] sm:rounded-2xl sm:border sm:border-line sm:shadow-2xl';
