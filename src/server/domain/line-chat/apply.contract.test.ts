/**
 * Answering LINE's webhook over each real store: the event id is claimed before the reply, so a redelivery
 * (or a second process) is answered once; an event the rule leaves unanswered claims nothing; none of it
 * touches the queue (no version, no event). The reply client is the outside world: a recorder stands in.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeStores, openTestStore, type TestStore } from '../../../../test/support/stores.js';
import { watchWrites } from '../../../../test/support/writes.js';
import { answerEvent, type ChatDeps } from './apply.js';
import type { ChatEvent } from './events.js';

describeStores('answerEvent', (kind) => {
  let t: TestStore;
  let sent: string[];
  let deps: ChatDeps;
  beforeEach(async () => {
    t = await openTestStore(kind);
    sent = [];
    deps = {
      store: t.store,
      estimate: () => Promise.reject(new Error('no number asked about: no estimate needed')),
      clinic: '山田内科',
      bookLink: null,
      send: (token) => {
        sent.push(token);
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
