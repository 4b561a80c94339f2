/**
 * An outside answer is read up to 64 KiB and no further: a body past that (10 MiB with its length, or one
 * that never ends) is cut off, the connection closed, and the call handled as a bad answer is today (a
 * retry for a notice, UNAVAILABLE for a sign-in, a LINE error for the rich menu). A body that never ends
 * would only stop at the timeout if it were buffered whole: the timeouts here are far longer than the test.
 * Our real callers against the local fakes (the doctor's: test/ops/doctor.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors.js';
import { lineLogin } from '../../src/server/line/line-login.js';
import { richMenuApi } from '../../src/server/line/rich-menu/line-api.js';
import { lineSender } from '../../src/server/notify/line-sender.js';
import { createWebPush } from '../../src/server/push/web-push.js';
import { startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { startFakePushService, type FakePushService } from '../fakes/push-service.js';
import { eventually } from './support.js';

const LONG_MS = 60_000;
const cutOff = expect.stringContaining('body over 64 KiB');

describe('a LINE push answered with a body over 64 KiB', () => {
  let line: FakeLineMessaging;
  beforeEach(async () => {
    line = await startFakeLineMessaging();
  });
  afterEach(async () => line.close());
  const sender = () => lineSender({ channelAccessToken: 'token', baseUrl: line.url, timeoutMs: LONG_MS });

  it.each(['huge', 'endless'] as const)('(%s) is cut off and retried; the retry key keeps it delivered once', async (step) => {
    line.script.push(step);
    expect(await sender().push('U1', 'hello', 'key-1')).toEqual({ kind: 'retry', reason: cutOff });
    await eventually(() => line.requests[0]?.closed, 'the request connection closed');
    expect(await sender().push('U1', 'hello', 'key-1')).toEqual({ kind: 'sent' });
    expect(line.delivered).toHaveLength(1);
  });
});

describe('a Web Push answered with a body over 64 KiB', () => {
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

  it.each(['huge', 'endless'] as const)('(%s) is cut off and retried later', async (step) => {
    push.script.push(step);
    const webPush = createWebPush({ dataDir, subject: 'mailto:it@clinic.example', timeoutMs: LONG_MS });
    const result = await webPush.send(push.subscribe(), { title: 't', body: 'b', link: '/pwa/my' }, { ttlSeconds: 60 });
    expect(result).toEqual({ kind: 'retry', reason: cutOff });
    await eventually(() => push.requests[0]?.closed, 'the request connection closed');
  });
});

describe('a LINE sign-in answered with a body that never ends', () => {
  let line: FakeLine;
  beforeEach(async () => {
    line = await startFakeLine();
  });
  afterEach(async () => line.close());

  it('is UNAVAILABLE, as LINE being down is', async () => {
    line.failNext(1, 'endless', '/oauth2/v2.1/verify');
    const login = lineLogin({ channelId: line.channelId, channelSecret: line.channelSecret, apiBaseUrl: line.url, timeoutMs: LONG_MS });
    const signIn = login.verifyIdToken(await line.issueIdToken({ userId: 'U1', displayName: 'x' }));
    await expect(signIn).rejects.toThrow(AppError);
    await expect(signIn).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('a rich-menu call answered with a body that never ends', () => {
  let line: FakeLineMessaging;
  beforeEach(async () => {
    line = await startFakeLineMessaging();
  });
  afterEach(async () => line.close());

  it('ends the command with a LINE error naming the call', async () => {
    line.richMenus.script.list = ['endless'];
    const api = richMenuApi({ channelAccessToken: line.richMenus.token, apiBaseUrl: line.url, dataBaseUrl: line.url, timeoutMs: LONG_MS });
    await expect(api.list()).rejects.toThrow(/LINE: GET \/v2\/bot\/richmenu\/list: .*body over 64 KiB/);
  });
});
