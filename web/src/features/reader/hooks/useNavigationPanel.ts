import { useCallback, useEffect, useState } from 'react';
import { useToastLane } from '../../../components/toast';
import { useMediaQuery } from './useMediaQuery';

const WIDE_QUERY = '(min-width: 1025px)';
/** From here the navigation stays docked while the assistant or the study is docked too; below, it gives way to the text. */
const ROOMY_QUERY = '(min-width: 1280px)';
/** Where a side panel docks beside the text rather than covering it (sidePanel.ts). */
const DOCK_QUERY = '(min-width: 768px)';

/**
 * The navigation panel: open by default above 1024 px, opened and closed when the window crosses
 * it. Below 1280 px a docked assistant or study takes its place, so the text column keeps a
 * readable width. Toasts show where they cover nothing the reader is using.
 */
export function useNavigationPanel(sideOpen: boolean) {
  const wide = useMediaQuery(WIDE_QUERY);
  const roomy = useMediaQuery(ROOMY_QUERY);
  const docks = useMediaQuery(DOCK_QUERY);
  const docked = wide && (roomy || !sideOpen);
  const [open, setOpen] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  useEffect(() => setOpen(docked), [docked]);
  useToastLane(docked ? 'navigation' : sideOpen && docks ? 'side' : 'page');
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  /** After a choice made in the panel: an undocked panel gets out of the way of the text. */
  const closeUnlessDocked = useCallback(() => {
    if (!docked) setOpen(false);
  }, [docked]);
  return { open, docked, toggle, close, closeUnlessDocked };
}
