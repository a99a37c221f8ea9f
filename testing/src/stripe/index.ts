/** @lectio/testing/stripe: a small stateful fake of the Stripe endpoints we call, for the `stripe` SDK. */
export * from './fake-stripe-server';
