/** The Scripture Assistant's public entry: the reader's launcher and panel, and the usage figures. */
export { AssistantLauncher } from './components/AssistantLauncher';
export { AssistantPanel } from './components/AssistantPanel';
export { useUsage, type UsageState } from './hooks/useUsage';
