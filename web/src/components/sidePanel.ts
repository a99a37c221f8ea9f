/**
 * The one placement of a panel beside the Scripture (the assistant, a verse's study): on phones a
 * full-height sheet over the page; from 768 px docked in the reader's row, right of the text, which
 * narrows and stays readable (nothing floats over the verse being asked about). Below the header
 * (3.5 rem), as tall as the window, scrolled on its own.
 */
export const SIDE_PANEL_FRAME =
  'fixed inset-0 z-40 flex h-dvh w-full flex-col overflow-hidden bg-surface text-ink md:sticky md:inset-auto md:top-14 md:z-10 md:h-[calc(100dvh-3.5rem)] md:w-[clamp(20rem,32vw,26rem)] md:shrink-0 md:border-l md:border-line';
