/** The Scripture Assistant's public entry: the reader's launcher and panel, and the AI usage figures (billing shows them too). */
export { AssistantLauncher, AssistantSkipLink } from './components/AssistantLauncher';
export { AssistantPanel } from './components/AssistantPanel';
export { useUsage } from './hooks/useUsage';
export { assistantOpenAtom } from './state/atoms';
