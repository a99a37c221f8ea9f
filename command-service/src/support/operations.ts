import type { Runtime } from '@lectio/platform';
import { readAutomationState } from '../billing/automation';
import { readOutboxState } from '../mail/outbox';

/** What the command side's modules report for the operations view: billing automation and the mail outbox, each read by its owner. */
export async function commandSideOperations(rt: Pick<Runtime, 'db'>) {
  const [billingAutomation, mail] = await Promise.all([readAutomationState(rt.db), readOutboxState(rt.db)]);
  return { billingAutomation, mail };
}
