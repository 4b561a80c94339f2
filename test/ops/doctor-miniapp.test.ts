/**
 * `npm run doctor`'s LINE MINI App lines (issue 37) against the fake LINE: the MINI App channel gets a channel
 * access token or is refused, never hangs; the template line says what cannot be checked from here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { runChecks } from '../../src/server/ops/doctor/checks.js';
import type { CheckResult } from '../../src/server/ops/doctor/facts.js';
import { gatherFacts } from '../../src/server/ops/doctor/gather.js';
import { type FakeLineMessaging, startFakeLineMessaging } from '../fakes/line-messaging.js';

let fake: FakeLineMessaging;
let dir: string;
beforeAll(async () => {
  fake = await startFakeLineMessaging();
});
afterAll(() => fake?.close());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cq-doctor-mini-'));
  fake.notifier.channelTokenScript = [];
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  expect(fake.unexpected).toEqual([]);
});

const env = (over: Record<string, string> = {}) => ({
  DATA_DIR: dir,
  LINE_API_BASE_URL: fake.url,
  DOCTOR_TIMEOUT_SECONDS: '1',
  LINE_MINIAPP_CHANNEL_ID: fake.notifier.channelId,
  LINE_MINIAPP_CHANNEL_SECRET: fake.notifier.channelSecret,
  LINE_SERVICE_TEMPLATE: 'queue_status_ja',
  LINE_SERVICE_PARAMS: 'number=number,people_ahead=ahead',
  ...over,
});
const doctor = async (e: Record<string, string>) => runChecks(await gatherFacts(loadConfig(e)));
const line = (results: CheckResult[], name: string) => results.find((r) => r.name === name)!;

describe('npm run doctor: the LINE MINI App', () => {
  it('checks the channel with LINE and says what it cannot check of the template', async () => {
    const results = await doctor(env());
    expect(line(results, 'LINE MINI App channel')).toMatchObject({ status: 'ok', detail: expect.stringContaining('LINE issued a channel access token') });
    const template = line(results, 'LINE service message template');
    expect(template.status).toBe('ok');
    expect(template.detail).toContain('queue_status_ja with number=number, people_ahead=ahead');
    expect(template.detail).toContain('Not checked');
    expect(fake.notifier.channelTokens).not.toHaveLength(0);
  });

  it("fails on a secret LINE refuses, on a LIFF app that is not the MINI App's, and on a LINE that never answers", async () => {
    expect(line(await doctor(env({ LINE_MINIAPP_CHANNEL_SECRET: 'wrong' })), 'LINE MINI App channel')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('invalid_client'),
    });
    expect(line(await doctor(env({ LINE_LIFF_ID: '1650000000-General1' })), 'LINE MINI App channel')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('belongs to channel 1650000000'),
    });
    expect(line(await doctor(env({ LINE_LIFF_ID: `${fake.notifier.channelId}-MiniApp1` })), 'LINE MINI App channel').status).toBe('ok');
    fake.notifier.channelTokenScript = ['hang'];
    const started = Date.now();
    expect(line(await doctor(env()), 'LINE MINI App channel')).toMatchObject({ status: 'fail', detail: expect.stringContaining('did not answer within 1 s') });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is quiet when service messages are off, and warns about a template name without a language suffix', async () => {
    const off = await doctor({ DATA_DIR: dir, LINE_API_BASE_URL: fake.url, DOCTOR_TIMEOUT_SECONDS: '1' });
    expect(line(off, 'LINE MINI App channel')).toMatchObject({ status: 'ok', detail: expect.stringContaining('service messages are off') });
    expect(line(off, 'LINE service message template').status).toBe('ok');
    expect(line(await doctor(env({ LINE_SERVICE_TEMPLATE: 'queue_status' })), 'LINE service message template').status).toBe('warn');
    expect(line(await doctor(env({ LINE_SERVICE_TEMPLATE: '' })), 'LINE MINI App channel').status).toBe('warn');
  });
});
