/** The Scripture Assistant's public entry: the reader's launcher and panel. */
export { AssistantLauncher, AssistantSkipLink } from './components/AssistantLauncher';
export { AssistantPanel } from './components/AssistantPanel';
