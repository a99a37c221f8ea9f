/** @lectio/testing/faults: faults injected through a port (a crash after an outside call answered, a slow provider). */
export * from './crash-after';
export * from './latency';
