/** Business constants: one source for server and web. */
export const PRODUCT_NAME = 'Lectio';
export const PREMIUM_PRICE_CENTS = 1500;
export const PREMIUM_PRICE_LABEL = '$15/month';
export const TRIAL_DAYS = 14;
/** Monthly AI budget in micro-dollars ($6.00). */
export const MONTHLY_BUDGET_MICROS = 6_000_000;
export const MONTHLY_BUDGET_DOLLARS = 6;
export const QUESTIONS_PER_MONTH_ESTIMATE = 240;
export const BUDGET_THRESHOLDS = [80, 90, 100] as const;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const RESET_TOKEN_MAX = 100;
export const SUGGESTED_PAGE_SIZE = 6;
export const CACHE_VERSION = '1.0.1';
/** Read-your-writes: header a command answers with, and the one a query waits on. */
export const POSITION_HEADER = 'x-lectio-position';
export const MIN_POSITION_HEADER = 'x-lectio-min-position';
export const READ_YOUR_WRITES_TIMEOUT_MS = 2000;
