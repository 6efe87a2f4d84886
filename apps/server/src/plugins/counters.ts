import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../lib/rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The counters of the sign-in and reset limits (modules/auth/limiters.ts): in this
     * process, or shared by every instance through Redis when it is configured.
     */
    counters: CounterStore;
  }
}

export type CountersOptions = {
  redisUrl?: string | undefined;
  store?: CounterStore;
};

async function counters(app: FastifyInstance, opts: CountersOptions) {
  // ioredis is loaded only when a Redis is configured.
  const store =
    opts.store ??
    (opts.redisUrl
      ? new RedisCounterStore(
          new (await import('ioredis')).Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }),
        )
      : new MemoryCounterStore());
  app.decorate('counters', store);
  app.addHook('onClose', async () => {
    await store.close();
  });
}

export default fp(counters, { name: 'counters' });
