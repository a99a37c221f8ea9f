import type { MailboxResponse } from '@lectio/contracts/mailbox';
import { getJson } from '../../../lib/api';
import type { User } from '../../../lib/auth';

/** Development-only endpoints (the API answers 404 in production). */

/** Signs in as the development user. */
export const devLogin = () => getJson<User>('/api/dev-login');

/** The mails the development server would have sent. */
export const readMailbox = () => getJson<MailboxResponse>('/api/dev/mailbox');
