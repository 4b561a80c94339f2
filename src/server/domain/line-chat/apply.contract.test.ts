/**
 * Answering LINE's webhook over each real store: the event id is claimed before the reply, so a redelivery
 * (or a second process) is answered once; an event the rule leaves unanswered claims nothing; none of it
 * touches the queue (no version, no event). A number is given back as it was in a one-queue clinic, and with
 * its queue's name once there are two (decision 066). The reply client is the outside world: a recorder stands in.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../../../../test/support/stores.js';
import { watchWrites } from '../../../../test/support/writes.js';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { openReception } from '../../../../test/support/domain-store.js';
import { createLiveEstimator } from '../estimate/live-estimate.js';
import { saveQueue } from '../queues/apply.js';
import { answerEvent, type ChatDeps } from './apply.js';
import type { ChatEvent } from './events.js';

describeStores('answerEvent', (kind) => {
  let t: TestStore;
  let sent: string[];
  let texts: string[];
  let deps: ChatDeps;
  beforeEach(async () => {
    t = await openTestStore(kind);
    sent = [];
    texts = [];
    deps = {
      store: t.store,
      estimate: () => Promise.reject(new Error('no number asked about: no estimate needed')),
      clinic: '山田内科',
      bookLink: null,
      send: (token, text) => {
        sent.push(token);
        texts.push(text);
        return Promise.resolve(null);
      },
      now: () => new Date(),
    };
  });
  afterEach(async () => t.cleanup());
  const claimed = async () => (await t.store.db.selectFrom('line_webhook_events').select('event_id').execute()).map((r) => r.event_id);
  const event = (over: Partial<ChatEvent> = {}): ChatEvent => ({
    id: '01TESTEVENT', type: 'follow', timestamp: Date.now(), replyToken: 'reply-1', sourceType: 'user', userId: 'U_a', mode: 'active',
    messageType: null, text: null, isRedelivery: false, ...over,
  });

  it('claims the event, replies once, and answers a redelivery as already answered', async () => {
    const seen = await watchWrites(t.store);
    expect(await answerEvent(deps, event())).toBe('replied');
    expect(await answerEvent(deps, event({ isRedelivery: true }))).toBe('alreadyAnswered');
    expect(sent).toEqual(['reply-1']);
    expect(await claimed()).toEqual(['01TESTEVENT']);
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
  });

  it('claims nothing for an event it does not answer', async () => {
    expect(await answerEvent(deps, event({ sourceType: 'group' }))).toBe('noReply');
    expect(sent).toEqual([]);
    expect(await claimed()).toEqual([]);
  });
});

describeStores('answerEvent with one queue and with two', (kind) => {
  let t: TestStore;
  let deps: ChatDeps;
  let texts: string[];
  beforeEach(async () => {
    t = await openTestStore(kind);
    texts = [];
    deps = {
      store: t.store,
      estimate: createLiveEstimator(t.store),
      clinic: '山田内科',
      bookLink: null,
      send: (_token, text) => {
        texts.push(text);
        return Promise.resolve(null);
      },
      now: () => new Date(),
    };
    await openReception(t.store);
  });
  afterEach(async () => t.cleanup());
  let ids = 0;
  const asks = (userId: string) =>
    answerEvent(deps, {
      id: `01ASK${++ids}`, type: 'message', timestamp: Date.now(), replyToken: `reply-${ids}`, sourceType: 'user', userId, mode: 'active',
      messageType: 'text', text: '番号', isRedelivery: false,
    });

  it('gives a one-queue clinic\'s number back in the words it always had', async () => {
    await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    await allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'U_a' });
    expect(await asks('U_a')).toBe('replied');
    expect(texts[0]).toBe('【山田内科】\n受付番号 2番\u3000あなたの前に 1人\nお呼びするまでの目安：まだ待ち時間の目安をお出しできません（診察が進むとお出しします）。');
  });

  it("names each number's queue in the reader's language once the clinic has two", async () => {
    const vaccine = (await saveQueue({ store: t.store, change: { nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null } })).id;
    await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    await allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'U_a', queueId: vaccine });
    await allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'U_b', queueId: vaccine, lang: 'en' });
    await allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'U_c' });
    await asks('U_a');
    await asks('U_b');
    await asks('U_c');
    expect(texts[0]).toBe('【山田内科】\n予防接種 501番\u3000あなたの前に 0人\nお呼びするまでの目安：まだ待ち時間の目安をお出しできません（診察が進むとお出しします）。');
    expect(texts[1].split('\n').slice(0, 2)).toEqual(['[山田内科]', 'Your number: Vaccination, No. 502 (1 ahead of you)']);
    // People ahead count within the queue: the walk-in of the first queue is ahead of U_c, not of U_a.
    expect(texts[2].split('\n').slice(0, 2)).toEqual(['【山田内科】', '一般 2番\u3000あなたの前に 1人']);
  });
});
