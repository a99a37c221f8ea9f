/** @lectio/command-service/testing: fakes of the outside services, driven through their official SDKs (tests only). */
export * from '../assistant/ai/testing/fake-openai-server';
export * from '../billing/stripe/testing/fake-stripe-server';
