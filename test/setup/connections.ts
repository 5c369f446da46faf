/**
 * Test files share a worker (vitest.config.ts, isolate: false), and with it fetch's pool of
 * keep-alive connections. A connection left idle by one file's server could be handed to a
 * request of the next file to a server that reused the port. Each file starts with a pool of its
 * own, as it did in a process of its own.
 */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

interface Dispatcher {
  close(): Promise<void>;
}

const shared = globalThis as unknown as Record<symbol, Dispatcher | undefined>;
const previous = shared[GLOBAL_DISPATCHER];
if (previous !== undefined) {
  const Pool = previous.constructor as new () => Dispatcher;
  shared[GLOBAL_DISPATCHER] = new Pool();
  // The previous file has finished; its idle connections go with its pool.
  previous.close().catch(() => undefined);
}
