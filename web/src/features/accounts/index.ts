/**
 * Accounts' public entry: what other features may use (the registration checks, the account's
 * dates and status badge). The sign-in and account pages are loaded by App.tsx's routes; the
 * session (who is signed in) is shared, in lib/auth.ts. package.json beside it marks this file (only)
 * free of side effects, so importing one name pulls in only that module.
 */
export { validateRegister, type RegisterField } from './state/accountForms';
export { formatLongDate, nextBillingDate } from './state/accountDisplay';
export { NewPasswordFields } from './components/NewPasswordFields';
export { StatusBadge } from './components/StatusBadge';
