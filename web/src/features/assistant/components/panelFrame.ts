import { SIDE_PANEL_FRAME } from '../../../components/sidePanel';

export const ASSISTANT_PANEL_ID = 'scripture-assistant';
export const LAUNCHER_ID = 'scripture-assistant-launcher';

/** The assistant is a side panel (see sidePanel.ts): a sheet on phones, docked beside the text from 768 px. */
export const PANEL_FRAME = SIDE_PANEL_FRAME;
