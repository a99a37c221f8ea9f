import { z } from 'zod';
import { HISTORY_KINDS, type HistoryKind, SUPPORT_HISTORY_PAGE } from './support';

/** Zod schemas of the support calls and the support-<readerId> stream, for the servers (the web imports ./support). */

export const SupportSearchQuery = z.object({ q: z.string().trim().min(1).max(200) });

export const SupportAccountParams = z.object({ id: z.string().uuid() });

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
  at: z.string(),
});
export type SupportLookupRecorded = z.infer<typeof SupportLookupRecorded>;

/** The command line's call to a running embedded server (a local-only channel). */
export const SupportRoleRequest = z.object({
  action: z.enum(['grant', 'revoke', 'list']),
  email: z.string().trim().max(320).optional(),
});
