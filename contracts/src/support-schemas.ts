import { z } from 'zod';
import { CanonicalUuid } from './events';
import {
  HISTORY_KINDS,
  type HistoryKind,
  SUPPORT_HISTORY_PAGE,
  SUPPORT_MAX_CREDIT_DOLLARS,
  type SupportSearchShape,
  supportMessages,
} from './support';

/** Zod schemas of the support calls and the support-<readerId> stream, for the servers (the web imports ./support). */

export const SupportSearchQuery = z.object({ q: z.string().trim().min(1).max(200) });

/** The reader a support call is about, canonical (lower case) from here on. */
export const SupportAccountParams = z.object({ id: CanonicalUuid });

const Kind = z.enum(['account', 'subscription', 'usage', 'support'] satisfies HistoryKind[]);
export const SupportHistoryQuery = z.object({
  /** One kind or a comma-separated list. */
  kind: z
    .string()
    .max(100)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const kinds = v.split(',').map((k) => Kind.safeParse(k.trim()));
      if (kinds.some((k) => !k.success)) {
        ctx.addIssue({ code: 'custom', message: `kind must be among ${HISTORY_KINDS.join(', ')}` });
        return z.NEVER;
      }
      return kinds.flatMap((k) => (k.success ? [k.data] : []));
    }),
  /** Events after this position (the previous page's `next`). */
  after: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(SUPPORT_HISTORY_PAGE).default(SUPPORT_HISTORY_PAGE),
});

export const SupportStateQuery = z.object({
  position: z
    .string()
    .regex(/^\d{1,20}$/)
    .optional(),
});

/** A look-up of a reader's account by a staff member (recorded on support-<readerId>). */
export const SupportLookupRecorded = z.object({
  staffId: z.string().uuid(),
  action: z.string().max(100),
  reason: z.string().max(500).optional(),
  /** A search that listed the account: the query's shape (never its text) and how many accounts it listed. */
  query: z
    .object({
      kind: z.enum(['e-mail', 'id', 'words'] satisfies SupportSearchShape['kind'][]),
      length: z.number().int(),
    })
    .optional(),
  listed: z.number().int().optional(),
  at: z.string(),
});
export type SupportLookupRecorded = z.infer<typeof SupportLookupRecorded>;

/** The command line's call to a running embedded server (a local-only channel). */
export const SupportRoleRequest = z.object({
  action: z.enum(['grant', 'revoke', 'list']),
  email: z.string().trim().max(320).optional(),
});

/** Every action: why (required), and the staff member's password when it was not checked in their session in the last 15 minutes. */
export const SupportActionRequest = z.object({
  reason: z.string({ error: supportMessages.reasonRequired }).trim().min(1, supportMessages.reasonRequired).max(500),
  password: z.string().max(200).optional(),
});
export const ExtendTrialRequest = SupportActionRequest.extend({
  days: z
    .number({ error: 'days must be a whole number from 1 to 30' })
    .int()
    .min(1, 'days must be a whole number from 1 to 30')
    .max(30, 'days must be a whole number from 1 to 30'),
});
export const CreditBudgetRequest = SupportActionRequest.extend({
  amount: z
    .number({ error: `amount must be in dollars, more than 0 and at most ${SUPPORT_MAX_CREDIT_DOLLARS}` })
    .positive(`amount must be in dollars, more than 0 and at most ${SUPPORT_MAX_CREDIT_DOLLARS}`)
    .max(
      SUPPORT_MAX_CREDIT_DOLLARS,
      `amount must be in dollars, more than 0 and at most ${SUPPORT_MAX_CREDIT_DOLLARS}`,
    ),
});
