/**
 * A test server on a store of the given kind, a signed-in staff member and an open public queue stream
 * (/api/live/queue), set up before the file's tests and closed after them: the frame of the tests that act
 * as staff and read what the monitor and the patients' screens receive.
 */
import { afterAll, beforeAll } from 'vitest';
import type { QueueSnapshot } from '../../src/shared/schemas/live.js';
import { mustCall, staffCookie } from './client.js';
import { openSse, type SseReader } from './sse.js';
import { startTestServer, type TestServer } from './server.js';
import { openTestStore, type StoreKind, type TestStore } from './stores.js';

export interface QueueStream {
  /** The running server (read inside tests: it exists once beforeAll has run). */
  readonly server: TestServer;
  /** The staff session's cookie header. */
  readonly cookie: string;
  /** Calls a function as the signed-in staff member; a refusal throws. */
  staff<T>(name: string, data?: unknown): Promise<T>;
  /** The next snapshot on the queue stream that `match` accepts. */
  snapshot(match: (s: QueueSnapshot) => boolean): Promise<QueueSnapshot>;
}

export function useQueueStream(kind: StoreKind): QueueStream {
  let testStore: TestStore;
  let server: TestServer;
  let cookie: string;
  let queue: SseReader;

  beforeAll(async () => {
    testStore = await openTestStore(kind);
    server = await startTestServer({ store: testStore.store });
    cookie = await staffCookie(server.url, server.store);
    queue = await openSse(`${server.url}/api/live/queue`);
  });
  afterAll(async () => {
    queue?.close();
    await server?.close();
    await testStore?.cleanup();
  });

  return {
    get server() {
      return server;
    },
    get cookie() {
      return cookie;
    },
    staff: <T>(name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie }),
    snapshot: async (match) => JSON.parse((await queue.next((e) => match(JSON.parse(e.data) as QueueSnapshot))).data) as QueueSnapshot,
  };
}
