/** @lectio/platform/bus: the message-bus port and its adapters (NATS JetStream, in-process). */
export * from './in-process-bus';
export * from './nats-bus';
export * from './port';
