/** @lectio/testing/http: an app for API tests in a fresh data directory, and a browser-like client over app.inject. */
export * from './test-server';
