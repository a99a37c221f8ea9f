import type { FastifyReply } from 'fastify';
import { SUPPORT_PASSWORD_ATTEMPTS, SUPPORT_STEP_UP_MS, supportMessages } from '@lectio/contracts/support';
import type { Runtime, Sessions } from '@lectio/platform';
import { HttpError, RateLimiter, retryAfterSeconds } from '@lectio/platform/http';
import type { AccountStore } from '../accounts/account-store';
import type { PasswordHasher } from '../accounts/passwords';
import type { MailPort } from '../mail';
import { describeMailError } from '../mail/smtp';
import type { SupportStaff } from './access';
import { passwordAttemptsMail } from './mails';

/** The re-check's limits, per staff member: the attempts, and one mail to them per window once it trips. */
const STEP_UP_LIMITS = {
  supportPasswordPerStaff: SUPPORT_PASSWORD_ATTEMPTS,
  supportPasswordAlertPerStaff: { max: 1, windowMs: SUPPORT_PASSWORD_ATTEMPTS.windowMs },
};

export interface StepUpDeps {
  rt: Pick<Runtime, 'db' | 'clock' | 'logger'>;
  sessions: Sessions;
  accounts: AccountStore;
  hasher: PasswordHasher;
  mail: MailPort;
}

/**
 * The password re-check before a support action. It looks at when the password was last checked
 * in this session (a session opened with a mailed link never saw it), not at the session's age.
 * Attempts are counted per staff member, before the password is checked, whatever browser they
 * come from: past SUPPORT_PASSWORD_ATTEMPTS a 429 until the window ends (the right password too),
 * and the staff member is mailed once per window, so a stolen support cookie is noticed.
 */
export function supportStepUp({ rt, sessions, accounts, hasher, mail }: StepUpDeps) {
  const limiter = new RateLimiter(rt.db, STEP_UP_LIMITS, supportMessages.passwordAttemptsExceeded, () =>
    rt.clock.now(),
  );

  const alert = async (staffId: string) => {
    if (!(await limiter.hit('supportPasswordAlertPerStaff', staffId))) return;
    const account = await accounts.findById(staffId);
    if (!account) return;
    try {
      await mail.send(passwordAttemptsMail(account, SUPPORT_PASSWORD_ATTEMPTS.max));
    } catch (err) {
      rt.logger.error(
        { mailError: describeMailError(err), engine: mail.engine },
        'support password-attempts mail could not be sent',
      );
    }
  };

  return async function confirmStaffPassword(
    reply: FastifyReply,
    { staffId, session }: SupportStaff,
    password: string | undefined,
  ): Promise<void> {
    // Sessions keep their times on the wall clock (as the 8-hour limit of support sign-ins reads them).
    const checkedAt = session.passwordCheckedAt?.getTime();
    if (checkedAt !== undefined && Date.now() - checkedAt <= SUPPORT_STEP_UP_MS) return;
    if (!password) throw new HttpError(403, supportMessages.stepUpRequired, { stepUp: true });
    const attempt = await limiter.count('supportPasswordPerStaff', staffId);
    if (!attempt.allowed) {
      await alert(staffId);
      reply.header('Retry-After', String(retryAfterSeconds(attempt.waitMs)));
      throw new HttpError(429, supportMessages.passwordAttemptsExceeded);
    }
    const hash = await accounts.passwordHash(staffId);
    if (!hash || !(await hasher.verify(password, hash)))
      throw new HttpError(403, supportMessages.passwordWrong, { stepUp: true });
    await limiter.clear('supportPasswordPerStaff', staffId);
    await sessions.markPasswordChecked(session);
  };
}
