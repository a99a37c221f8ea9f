import { TRIAL_DAYS } from '@lectio/contracts/constants';

/**
 * The start-trial messages, apart from the rest so the reader's banner chunk
 * stays small (it is fetched with /home).
 */
export const trialMessages = {
  trialStarted: `Your ${TRIAL_DAYS}-Day Free Trial Has Started!`,
  trialStartedText:
    'You can now use the sample questions in the Scripture Assistant. Add a payment method to keep your trial.',
  trialStartFailed: 'Could not start trial',
  trialStartUnexpected: 'An unexpected error occurred.',
  trialStartNetwork: 'Could not start your trial. Please try again later.',
} as const;
