import { Redis } from 'ioredis';

/**
 * A message every API process hears, this one included: what one process changes and the others
 * keep a copy of (a person's roles, memberships and plan) is dropped everywhere at once.
 */
export interface Broadcast {
  publish(message: string): void;
  subscribe(handler: (message: string) => void): void;
  close(): Promise<void>;
}

/** One process alone: its own messages are all there is to hear. */
export function localBroadcast(): Broadcast {
  const handlers: ((message: string) => void)[] = [];
  return {
    publish: (message) => {
      for (const handler of handlers) handler(message);
    },
    subscribe: (handler) => void handlers.push(handler),
    close: async () => undefined,
  };
}

/**
 * Redis publish/subscribe on `channel`. Delivery is at most once: a process that is cut off from
 * Redis misses what was said meanwhile, so what it keeps must also expire by itself (the session
 * cache keeps answers for seconds). Failures are logged, never thrown at the caller.
 */
export function redisBroadcast(options: {
  url: string;
  channel: string;
  log: { warn(details: object, message: string): void };
}): Broadcast {
  const settings = { connectTimeout: 5000, maxRetriesPerRequest: 1, enableOfflineQueue: false };
  const publisher = new Redis(options.url, settings);
  const subscriber = new Redis(options.url, { ...settings, enableOfflineQueue: true });
  let warned = false;
  const warnOnce = (error: Error) => {
    if (warned) return;
    warned = true;
    options.log.warn({ err: error }, 'Redis unreachable: changes reach other API processes late');
  };
  publisher.on('error', warnOnce);
  subscriber.on('error', warnOnce);
  subscriber.on('ready', () => {
    warned = false;
  });
  const handlers: ((message: string) => void)[] = [];
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== options.channel) return;
    for (const handler of handlers) handler(message);
  });
  // ioredis subscribes again by itself after a reconnect.
  subscriber.subscribe(options.channel).catch(warnOnce);
  return {
    publish(message) {
      // Heard here at once, whatever Redis does; the echo from Redis changes nothing more.
      for (const handler of handlers) handler(message);
      publisher.publish(options.channel, message).catch(warnOnce);
    },
    subscribe: (handler) => void handlers.push(handler),
    async close() {
      await Promise.all([
        publisher.quit().catch(() => publisher.disconnect()),
        subscriber.quit().catch(() => subscriber.disconnect()),
      ]);
    },
  };
}
