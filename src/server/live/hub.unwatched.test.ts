/**
 * A clinic nobody watches in this process builds no snapshot at its changes (every process hears every
 * clinic's notices: building them for no one made a 100-clinic opening minute fall behind), and the first
 * viewer still gets the latest state. Counted at the hub's estimator, which every build calls once per queue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveEstimator } from '../domain/estimate/live-estimate.js';
import { openSse, type SseReader } from '../../../test/support/sse.js';
import { STORE_KINDS } from '../../../test/support/stores.js';
import { openReception, takeSlot, useTestStore } from '../../../test/support/domain-store.js';
import type { Store } from '../storage/port.js';
import { createLiveHub, type LiveHub } from './hub.js';

/** Resolves once `store` has delivered a change notice to its listeners (SQLite at once, PostgreSQL via LISTEN). */
const nextNotice = (store: Store) =>
  new Promise<void>((resolve) => {
    const off = store.onChange(() => {
      off();
      resolve();
    });
  });

/** A write, with its notice heard by the hub (registered first, so it has run when ours runs). */
async function changeAndHear(store: Store) {
  const heard = nextNotice(store);
  await takeSlot(store, null);
  await heard;
}

const waiting = (frame: { data: string }) => (JSON.parse(frame.data) as { queue: unknown[] }).queue.length;

describe.each(STORE_KINDS)('live hub without viewers [%s]', (kind) => {
  const t = useTestStore(kind);
  let hub: LiveHub | undefined;
  let server: Server | undefined;
  let viewer: SseReader | undefined;
  afterEach(async () => {
    viewer?.close();
    hub?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
    hub = server = viewer = undefined;
  });

  it('builds nothing at changes nobody watches, and the first viewer sees the latest state', async () => {
    await openReception(t.store);
    const estimate = createLiveEstimator(t.store);
    let builds = 0;
    hub = createLiveHub(t.store, pino({ level: 'silent' }), {
      minIntervalMs: 0,
      estimator: (state, queueId) => {
        builds += 1;
        return estimate(state, queueId);
      },
    });
    for (let i = 0; i < 3; i++) await changeAndHear(t.store);
    expect(builds).toBe(0);

    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      void hub!.attach('queue', res);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    viewer = await openSse(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(waiting(await viewer.next())).toBe(3);
    expect(builds).toBe(1);

    // Watched, a change is built and sent.
    await changeAndHear(t.store);
    expect(waiting(await viewer.next())).toBe(4);
    expect(builds).toBe(2);

    // The viewer gone, changes are again built for no one.
    viewer.close();
    viewer = undefined;
    await expect.poll(() => hub!.viewerCount()).toBe(0);
    for (let i = 0; i < 2; i++) await changeAndHear(t.store);
    expect(builds).toBe(2);
  });
});
