/**
 * After a few real calls (a number taken, a refusal, streams opened, a LINE notice retried then sent), the
 * scraped text has the expected series, with bounded labels and exact counts, on both stores.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openSse, type SseReader } from '../support/sse.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { eventually, lineToken, lineUserId, notifyEnv, openReception } from '../notify/support.js';
import { scrape, type Sample, valueOf } from './scrape.js';

const TOKEN = randomBytes(24).toString('hex');

describeStores('metrics after real calls', (kind) => {
  let testStore: TestStore;
  let line: FakeLineMessaging;
  let server: TestServer;
  let cookie: string;
  const streams: SseReader[] = [];
  const metrics = () => scrape(`${server.url}/metrics`, TOKEN);
  const fn = (name: string, outcome: string) => ({ route: '/api/fn/:name', function: name, outcome });

  beforeEach(async () => {
    testStore = await openTestStore(kind, { queryLog: true });
    line = await startFakeLineMessaging();
    server = await startTestServer({ store: testStore.store, env: { ...notifyEnv(line.url), METRICS_TOKEN: TOKEN } });
    cookie = await staffCookie(server.url, server.store);
    await openReception(server, cookie);
  });
  afterEach(async () => {
    for (const s of streams.splice(0)) s.close();
    await server.close();
    await line.close();
    await testStore.cleanup();
  });

  it('counts requests, allocations, refusals, viewers, notices, the outbox and store queries', async () => {
    line.script.push(500); // the first LINE push fails once, then goes through
    const token = await lineToken(server.dataDir, lineUserId(1));
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token });
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    // ALREADY_EXISTS answers 409 like ABORTED: the label is the catalogue's code, not the status.
    expect((await callFn(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token })).status).toBe(409);
    expect((await callFn(server.url, 'noSuchFunction', {})).status).toBe(404);
    expect((await fetch(`${server.url}/api/nowhere/${randomUUID()}?q=1`)).status).toBe(404);
    await eventually(() => line.delivered[0], 'the LINE notice');
    streams.push(await openSse(`${server.url}/api/live/queue`), await openSse(`${server.url}/api/live/queue`));
    streams.push(await openSse(`${server.url}/api/live/admin`, { cookie }));
    for (const s of streams) await s.next();
    // A notice waiting since an hour ago (a LINE outage), scheduled far ahead: the backlog and its age.
    const hourAgo = new Date(Date.now() - 3600_000).toISOString();
    await server.store.db.insertInto('outbox').values({
      id: randomUUID(), kind: 'recall', channel: 'PWA', slot_id: randomUUID(), reservation_number: 9, recipient: 'u',
      endpoint: null, retry_key: randomUUID(), status: 'pending', attempts: 1, next_attempt_at: '2999-01-01T00:00:00.000Z',
      lease_until: null, last_error: null, created_at: hourAgo, updated_at: hourAgo, sent_at: null,
    }).execute();

    const samples = await eventually(async () => {
      const s = await metrics();
      return valueOf(s, 'clinic_queue_notice_attempts_total', { channel: 'LINE', result: 'sent' }) === 1 && s;
    }, 'the notice counted');

    expect(valueOf(samples, 'clinic_queue_requests_total', fn('allocateNextSlot', 'ok'))).toBe(2);
    expect(valueOf(samples, 'clinic_queue_request_duration_seconds_count', fn('allocateNextSlot', 'ok'))).toBe(2);
    expect(valueOf(samples, 'clinic_queue_request_duration_seconds_bucket', { ...fn('allocateNextSlot', 'ok'), le: '+Inf' })).toBe(2);
    expect(valueOf(samples, 'clinic_queue_requests_total', fn('allocateNextSlot', 'ALREADY_EXISTS'))).toBe(1);
    expect(valueOf(samples, 'clinic_queue_requests_total', fn('startOnlineReception', 'ok'))).toBe(1);
    expect(valueOf(samples, 'clinic_queue_requests_total', fn('(unknown)', 'NOT_FOUND'))).toBe(1);
    expect(valueOf(samples, 'clinic_queue_requests_total', { route: '/api/staff/login', outcome: 'ok' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_requests_total', { route: '(unmatched)', outcome: 'NOT_FOUND' })).toBe(1);

    expect(valueOf(samples, 'clinic_queue_allocations_total', { reserved_type: 'LINE' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_allocations_total', { reserved_type: 'ADMIN' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_allocation_refusals_total', { code: 'ALREADY_EXISTS' })).toBe(1);

    expect(valueOf(samples, 'clinic_queue_live_viewers', { kind: 'queue' })).toBe(2);
    expect(valueOf(samples, 'clinic_queue_live_viewers', { kind: 'admin' })).toBe(1);

    expect(valueOf(samples, 'clinic_queue_notice_attempts_total', { clinic: 'default', channel: 'LINE', result: 'retry' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_notice_attempts_total', { channel: 'LINE', result: 'failed' })).toBeUndefined();

    expect(valueOf(samples, 'clinic_queue_outbox_backlog', { channel: 'LINE' })).toBe(0);
    expect(valueOf(samples, 'clinic_queue_outbox_backlog', { channel: 'PWA' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_outbox_oldest_pending_age_seconds', { channel: 'LINE' })).toBe(0);
    expect(valueOf(samples, 'clinic_queue_outbox_oldest_pending_age_seconds', { channel: 'PWA' })).toBeGreaterThanOrEqual(3600);

    expect(valueOf(samples, 'clinic_queue_store_query_duration_seconds_count', { operation: 'select', outcome: 'ok' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'clinic_queue_store_query_duration_seconds_count', { operation: 'insert', outcome: 'ok' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'clinic_queue_store_query_duration_seconds_count', { operation: 'update', outcome: 'ok' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);

    // No raw URL ever becomes a label value: only route patterns and catalogue names.
    // (/metrics itself shows up once an earlier scrape has finished.)
    const routes = routeLabels(samples).filter((r) => r !== '/metrics');
    expect(routes).toEqual(['(unmatched)', '/api/fn/:name', '/api/staff/login']);
  });

  it('labels a request refused before its handler ran with its route, as one that reached it', async () => {
    // A body that is not JSON is refused while it is parsed, before the route's handler starts.
    const broken = await fetch(`${server.url}/api/fn/allocateNextSlot`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"data":' });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    const samples = await metrics();
    expect(valueOf(samples, 'clinic_queue_requests_total', fn('allocateNextSlot', 'INVALID_ARGUMENT'))).toBe(1);
    expect(valueOf(samples, 'clinic_queue_requests_total', { route: '/api/staff/login', outcome: 'ok' })).toBe(1);
  });

  it('counts a stream refused as a request, and an ended stream leaves the viewers gauge', async () => {
    expect((await fetch(`${server.url}/api/live/admin`)).status).toBe(401);
    const viewer = await openSse(`${server.url}/api/live/queue`);
    await viewer.next();
    let samples = await metrics();
    expect(valueOf(samples, 'clinic_queue_requests_total', { route: '/api/live/admin', outcome: 'UNAUTHENTICATED' })).toBe(1);
    expect(valueOf(samples, 'clinic_queue_live_viewers', { kind: 'queue' })).toBe(1);
    viewer.close();
    samples = await eventually(async () => {
      const s = await metrics();
      return valueOf(s, 'clinic_queue_live_viewers', { kind: 'queue' }) === 0 && s;
    }, 'the viewer gone');
    // An opened stream is not a request with a latency: its lifetime would swamp the histogram.
    expect(valueOf(samples, 'clinic_queue_requests_total', { route: '/api/live/queue', outcome: 'ok' })).toBeUndefined();
  });
});

function routeLabels(samples: Sample[]): string[] {
  return [...new Set(samples.filter((s) => s.name === 'clinic_queue_requests_total').map((s) => s.labels.route))].sort();
}
