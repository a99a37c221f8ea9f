/**
 * Support's public entry: the reader's 'Support access' card on /account. The console pages
 * (/support) are loaded by App.tsx's routes.
 */
export { DataExportCard, SupportAccessCard } from './components/SupportAccessCard';
