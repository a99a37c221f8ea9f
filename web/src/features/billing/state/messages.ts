import { PREMIUM_PRICE_LABEL, TRIAL_DAYS } from '@lectio/contracts/constants';
import { SANDBOX_NOTICE } from '@lectio/contracts/billing';
import { trialMessages } from './trialMessages';

/*
 * Every billing message the reader sees, to the letter, in one place so
 * the pages and the end-to-end tests agree on them.
 */
export const billingMessages = {
  sandboxNotice: SANDBOX_NOTICE,
  // trial sign-up
  registerCheckFailed: 'Registration validation failed',
  validationFailed: 'Validation failed',
  paymentSetupUnavailable: 'Payment setup not available',
  paymentSetupUnavailableText: 'Unable to set up payment method. Please try again later.',
  trialSetupIntentFailed: 'Failed to create payment setup',
  invalidSetupIntent: 'Invalid setup intent response',
  registrationFailed: 'Registration failed',
  setupComplete: 'Setup Complete!',
  setupCompleteText: `Your ${TRIAL_DAYS}-day free trial has started and your payment method is saved.`,
  sampleQuestions: 'Sample Questions Available',
  sampleQuestionsText:
    'Open the Scripture Assistant to try the sample questions on any passage during your free trial.',
  paymentSetupFailed: 'Payment Setup Failed',
  confirmPaymentFailed: 'Failed to confirm payment setup',
  unexpected: 'An unexpected error occurred',
  unexpectedTryAgain: 'An unexpected error occurred. Please try again.',
  somethingWrong: 'Something went wrong',
  notAttached: 'Payment method not attached to setup intent',
  // start trial (signed in)
  ...trialMessages,
  // subscription
  cancelFailedTitle: 'Cancellation Failed',
  cancelFailed: 'Failed to cancel subscription',
  cancelled: 'Subscription cancelled',
  cancelledText: 'You will keep premium access until the end of your current billing period.',
  upgradeFailed: 'Upgrade failed',
  upgradeFailedText: 'There was an error processing your upgrade',
  activationTitle: 'Subscription Error',
  activationFailed: 'Subscription activation failed',
  activationCouldNot: 'Could not activate subscription',
  failedToActivate: 'Failed to activate subscription',
  missingSession: 'Missing session information',
  checkoutError: 'Checkout Error',
  checkoutFailed: 'Failed to create checkout session',
  checkoutNonJson: 'Server returned non-JSON response',
  checkoutNoUrl: 'No checkout URL returned from server',
  checkoutInvalidJson: 'Server returned invalid JSON',
  // payment methods
  fetchMethodsFailed: 'Failed to fetch payment methods',
  setupIntentFailed: 'Failed to create setup intent',
  setupIntentInit: 'Failed to initialize payment setup',
  defaultFailedTitle: 'Failed to Update Default',
  defaultFailed: 'Failed to set default payment method',
  removeFailedTitle: 'Failed to Remove Payment Method',
  removeFailed: 'Failed to remove payment method',
  noMethods: 'No payment methods have been added yet.',
  removeTitle: 'Remove Payment Method?',
  removeText: 'This action cannot be undone.',
  // notes
  noChargeDuringTrial: `We'll securely save your payment method, but you won't be charged until your ${TRIAL_DAYS}-day trial ends.`,
  trialFooter: `Your card won't be charged until your trial ends in ${TRIAL_DAYS} days`,
  autoSubscribe: `After your ${TRIAL_DAYS}-day free trial you are automatically subscribed at ${PREMIUM_PRICE_LABEL} unless you cancel during the trial.`,
} as const;
