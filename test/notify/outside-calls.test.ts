/**
 * Calls to LINE and to push services are bounded: the timeout aborts the request itself (the fake sees its
 * connection closed, whether it never answers or answers an error and never finishes the body), and a
 * redirect is a failure, never followed. Our real senders against the local fakes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lineSender } from '../../src/server/notify/line-sender.js';
import { createWebPush } from '../../src/server/push/web-push.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';
import { eventually } from './support.js';

const TIMEOUT_MS = 300;

describe('a LINE push', () => {
  let line: FakeLineMessaging;
  beforeEach(async () => {
    line = await startFakeLineMessaging();
  });
  afterEach(async () => line.close());
  const push = () => lineSender({ channelAccessToken: 'token', baseUrl: line.url, timeoutMs: TIMEOUT_MS }).push('U1', 'hello', 'key-1');

  it.each([
    ['never answers', 'hang'],
    ['answers 500 but never finishes the body', 'stall'],
  ] as const)('that %s is aborted by the timeout: LINE sees the connection closed', async (_what, step) => {
    line.script.push(step);
    const result = await push();
    expect(result).toEqual({ kind: 'retry', reason: expect.stringContaining('timed out') });
    await eventually(() => line.requests[0]?.closed, 'the request connection closed');
  });

  it.each([301, 302, 307, 308])('answered %i is a failure, and the redirect is not followed', async (status) => {
    line.script.push(status);
    expect(await push()).toEqual({ kind: 'fail', reason: expect.stringContaining(`HTTP ${status}`) });
    expect(line.requests).toHaveLength(1);
    expect(line.unexpected).toEqual([]);
  });

  it('still carries the same X-Line-Retry-Key and counts a 409 as delivered', async () => {
    line.script.push(500);
    const sender = lineSender({ channelAccessToken: 'token', baseUrl: line.url, timeoutMs: TIMEOUT_MS });
    expect((await sender.push('U1', 'hello', 'key-2')).kind).toBe('retry');
    expect(await sender.push('U1', 'hello', 'key-2')).toEqual({ kind: 'sent' });
    expect(await sender.push('U1', 'hello', 'key-2')).toEqual({ kind: 'sent' }); // 409: already accepted
    expect(line.requests.map((r) => [r.retryKey, r.answered])).toEqual([['key-2', 500], ['key-2', 200], ['key-2', 409]]);
    expect(line.delivered).toHaveLength(1);
    expect(await sender.quota()).toEqual({ limit: 200, used: 0 });
  });
});

describe('a Web Push send', () => {
  let push: FakePushService;
  let dataDir: string;
  beforeEach(async () => {
    push = await startFakePushService();
    dataDir = mkdtempSync(join(tmpdir(), 'cq-push-'));
  });
  afterEach(async () => {
    await push.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const send = (subscription = push.subscribe()) =>
    createWebPush({ dataDir, subject: 'mailto:it@clinic.example', timeoutMs: TIMEOUT_MS }).send(
      subscription,
      { title: 't', body: 'b', link: '/pwa/my' },
      { ttlSeconds: 60 },
    );

  it.each([
    ['never answers', 'hang'],
    ['answers 500 but never finishes the body', 'stall'],
  ] as const)('to a service that %s is aborted by the timeout: the service sees the connection closed', async (_what, step) => {
    push.script.push(step);
    const result = await send();
    expect(result).toEqual({ kind: 'retry', reason: expect.stringContaining('timed out') });
    await eventually(() => push.requests[0]?.closed, 'the request connection closed');
  });

  it.each([301, 302, 307, 308])('answered %i is a failure, and the redirect is not followed', async (status) => {
    push.script.push(status);
    expect(await send()).toEqual({ kind: 'fail', reason: `HTTP ${status}` });
    expect(push.requests.map((r) => r.path)).not.toContain('/push/redirected');
    expect(push.requests).toHaveLength(1);
  });

  it('to keys nothing can be encrypted to fails that send instead of throwing', async () => {
    const subscription = { ...push.subscribe(), keys: { p256dh: 'p', auth: 'a' } };
    expect(await send(subscription)).toEqual({ kind: 'fail', reason: expect.stringContaining('cannot encrypt') });
    expect(push.requests).toHaveLength(0);
  });

  it('is delivered over https to the fake, encrypted for the browser', async () => {
    expect(await send()).toEqual({ kind: 'sent' });
    expect(push.received).toHaveLength(1);
  });
});
