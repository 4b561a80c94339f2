/**
 * The clinic's queues over real HTTP on both stores (decision 061): anyone reads them with the clinic's
 * choices and the range size; staff save and remove them; a name holding a control character is refused with
 * error.patientText, a name too long, a range out of bounds or a period past midnight with a shape error,
 * and a refusal of the rule in its catalogue words, each changing nothing. Names are stored in their NFKC form.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { QueuesAnswer } from '../../src/shared/schemas/queues.js';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { expectRefusal } from './api-support.js';

const fever = { nameJa: '発熱外来', nameEn: 'Fever clinic', firstNumber: 801, online: false, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null };

describeStores('the clinic queues over HTTP', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    t = await openTestStore(kind);
    server = await startTestServer({ store: t.store });
    cookie = await staffCookie(server.url, t.store);
  });
  afterEach(async () => {
    await server?.close();
    await t?.cleanup();
  });
  const queues = () => mustCall<QueuesAnswer>(server.url, 'getQueues', {});

  it('anyone reads the queues; staff add one, stored in NFKC form, and remove it', async () => {
    expect(await queues()).toEqual({
      queues: [{ id: 'main', nameJa: '一般', nameEn: 'General', firstNumber: 1, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null }],
      choices: { anyQueue: false, numberPerQueue: false },
      numbersPerSession: 200,
    });
    const { id } = await mustCall<{ id: string }>(server.url, 'saveQueue', { ...fever, nameEn: 'Ｆｅｖｅｒ clinic ' }, { cookie });
    expect((await queues()).queues[1]).toMatchObject({ id, nameJa: '発熱外来', nameEn: 'Fever clinic', online: false });
    await mustCall(server.url, 'removeQueue', { id }, { cookie });
    expect((await queues()).queues.map((q) => q.id)).toEqual(['main']);
  });

  it('refuses bad payloads and rule breaks, changing nothing', async () => {
    const before = await queues();
    const save = (payload: unknown) => callFn(server.url, 'saveQueue', payload, { cookie });
    expectRefusal(await save({ ...fever, nameJa: '発熱\u0007外来' }), 'INVALID_ARGUMENT', '使えない文字があります。');
    expectRefusal(await save({ ...fever, nameJa: 'あ'.repeat(21) }), 'INVALID_ARGUMENT');
    expectRefusal(await save({ ...fever, nameJa: '' }), 'INVALID_ARGUMENT');
    expectRefusal(await save({ ...fever, firstNumber: 9001 }), 'INVALID_ARGUMENT');
    expectRefusal(await save({ ...fever, keepEvery: 1 }), 'INVALID_ARGUMENT');
    expectRefusal(await save({ ...fever, hours: [{ days: [1], from: '22:00', to: '02:00' }] }), 'INVALID_ARGUMENT');
    expectRefusal(await save({ ...fever, firstNumber: 101 }), 'INVALID_ARGUMENT', '「一般」（1〜200番）と重なっています');
    expectRefusal(await save({ ...fever, nameEn: 'GENERAL' }), 'ALREADY_EXISTS', '「GENERAL」という受付項目はすでにあります');
    expectRefusal(await callFn(server.url, 'removeQueue', { id: 'main' }, { cookie }), 'FAILED_PRECONDITION', '最初の受付項目「一般」は削除できません');
    expectRefusal(await callFn(server.url, 'removeQueue', { id: 'nothing' }, { cookie }), 'NOT_FOUND');
    expectRefusal(await callFn(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, queueId: 'nothing' }, { cookie }), 'NOT_FOUND');
    expect(await queues()).toEqual(before);
  });
});
