/** @lectio/testing/faults: faults injected through a port (a crash after an outside call answered). */
export * from './crash-after';
