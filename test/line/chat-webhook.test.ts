/**
 * The LINE chat (issue 37, docs/decisions/052) over real HTTP on both stores: LINE's signed deliveries to
 * /line/webhook, the replies reaching the fake Messaging API, the patient's number and wait as the card
 * shows them, the welcome and the help; unsigned or wrongly signed deliveries refused with nothing changed;
 * a replayed event answered once; a reply endpoint that fails or never answers costs nothing but that reply.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitRange, type WaitEstimate } from '../../src/shared/estimate/range.js';
import { tokyoHhmm } from '../../src/shared/time/tokyo.js';
import { mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { seedHistory } from '../support/estimate-history.js';
import { type FakeLineMessaging, startFakeLineMessaging } from '../fakes/line-messaging.js';
import { deliver, deliveryBody, followEvent, newEventId, signBody, stickerEvent, textEvent } from '../fakes/line-chat.js';
import { expectRefusal, openReception, queueSnapshotText, signedLinePatient } from '../api/api-support.js';
import { dumpStore } from '../hardening/store-dump.js';

const SECRET = 'a3f1c0de5eed0f00dfeedbeef0123456';
const LIFF = '1650000000-General1';
const BOOK = `https://liff.line.me/${LIFF}/book`;
type Taken = { slotId: string; reservationNumber: number; reservation: { ahead: number | null } | null };

function chatEnv(lineUrl: string): Record<string, string> {
  return {
    CLINIC_NAME: 'さくらクリニック',
    LINE_API_BASE_URL: lineUrl,
    LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'chat-channel-token',
    LINE_MESSAGING_CHANNEL_SECRET: SECRET,
    LINE_LIFF_ID: LIFF,
    NOTIFY_SEND_TIMEOUT_MS: '400',
  };
}

/** The card's wait line for `ahead` people, at any of the instants given (the server read its own clock between them). */
function cardWaits(estimate: WaitEstimate, ahead: number, instants: Date[], lang: 'ja' | 'en' = 'ja'): string[] {
  return instants.map((now) => {
    const r = waitRange(estimate, ahead, now)!;
    return lang === 'ja'
      ? `お呼びするまでの目安：約${r.lowMinutes}〜${r.highMinutes}分 （${tokyoHhmm(r.expectedAt)}ごろ）`
      : `Estimated time until we call you: About ${r.lowMinutes}–${r.highMinutes} min （around ${tokyoHhmm(r.expectedAt)}）`;
  });
}

describeStores('the LINE chat webhook', (kind) => {
  let testStore: TestStore;
  let server: TestServer;
  let line: FakeLineMessaging;
  let cookie: string;
  const seen = () => server.store.db.selectFrom('line_webhook_events').select('event_id').execute();
  /** Delivers events signed with the channel secret and waits until the server has handled them. */
  async function signed(events: unknown[]) {
    const answer = await deliver(server.url, deliveryBody(events), { secret: SECRET });
    await server.app.lineWebhookSettled();
    return answer;
  }

  beforeAll(async () => {
    testStore = await openTestStore(kind);
    // Four weeks of history: the session opens with a pace, so the card (and the chat) show a range.
    await seedHistory(testStore.store, { weeks: 4, gapMinutes: 5 });
    line = await startFakeLineMessaging();
    server = await startTestServer({ store: testStore.store, env: chatEnv(line.url) });
    cookie = await staffCookie(server.url, server.store);
    await openReception(server.url, cookie);
  });
  afterAll(async () => {
    await server?.close();
    await line?.close();
    await testStore?.cleanup();
  });
  afterEach(() => expect(line.unexpected).toEqual([]));

  it("answers 番号 with the sender's number, the people ahead and the wait exactly as their card shows it", async () => {
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    const patient = await signedLinePatient(server);
    const taken = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: patient.token });
    expect(taken.reservation?.ahead).toBe(2);
    const snapshot = JSON.parse(await queueSnapshotText(server.url)) as { estimate: WaitEstimate | null };
    expect(snapshot.estimate).not.toBeNull();

    const before = new Date();
    const event = textEvent(patient.uid, '今、何番目ですか？');
    const next = line.chat.replies.length + 1;
    const answer = await deliver(server.url, deliveryBody([event]), { secret: SECRET });
    expect(answer).toEqual({ status: 200, body: {} });
    const reply = await line.chat.reply(next);
    const after = new Date();
    expect(reply.replyToken).toBe(event.replyToken);
    expect(reply.authorization).toBe('Bearer chat-channel-token');
    expect(reply.texts).toHaveLength(1);
    const lines = reply.texts[0]!.split('\n');
    expect(lines.slice(0, 2)).toEqual(['【さくらクリニック】', `受付番号 ${taken.reservationNumber}番\u3000あなたの前に 2人`]);
    expect(cardWaits(snapshot.estimate!, 2, [before, after])).toContain(lines[2]);
    // The card's note, once, after the numbers.
    expect(lines.slice(3)).toEqual(['', '※目安です。診察の状況により前後します。']);
  });

  it('tells a sender without a number how to take one, with the mini-app link', async () => {
    await signed([textEvent('U0000000000000000000000000000abcd', '順番を知りたい')]);
    expect(line.chat.replies.at(-1)!.texts[0]).toBe(
      `【さくらクリニック】\nただいま受付番号をお持ちではありません。\n順番待ちの受付はLINEミニアプリから：\n${BOOK}`,
    );
  });

  it('welcomes a new friend with the link, answers other text with a short help, and a sticker with nothing', async () => {
    const user = 'U0000000000000000000000000000beef';
    await signed([followEvent(user)]);
    const welcome = line.chat.replies.at(-1)!.texts[0]!;
    expect(welcome).toContain('友だち追加ありがとうございます。');
    expect(welcome).toContain(BOOK);
    await signed([textEvent(user, '駐車場はありますか')]);
    expect(line.chat.replies.at(-1)!.texts[0]).toMatch(/^【さくらクリニック】\nこのトークに「番号」「順番」「待ち時間」と送ると/);
    const count = line.chat.replies.length;
    await signed([stickerEvent(user), textEvent(user, 'number?', { replyToken: null })]);
    expect(line.chat.replies).toHaveLength(count);
  });

  it('answers in English to a patient who took their number on the English screens', async () => {
    const patient = await signedLinePatient(server);
    const taken = await mustCall<Taken>(server.url, 'allocateNextSlot', { reservedType: 'LINE', lang: 'en' }, { token: patient.token });
    const ahead = taken.reservation!.ahead!;
    const snapshot = JSON.parse(await queueSnapshotText(server.url)) as { estimate: WaitEstimate };
    const before = new Date();
    await signed([textEvent(patient.uid, 'What is my number?')]);
    const lines = line.chat.replies.at(-1)!.texts[0]!.split('\n');
    expect(lines.slice(0, 2)).toEqual(['[さくらクリニック]', `Your number: No. ${taken.reservationNumber} (${ahead} ahead of you)`]);
    expect(cardWaits(snapshot.estimate, ahead, [before, new Date()], 'en')).toContain(lines[2]);
    await signed([followEvent(patient.uid)]);
    expect(line.chat.replies.at(-1)!.texts[0]).toContain('Thank you for adding us as a friend.');
  });

  it('refuses unsigned and wrongly signed deliveries with 401, replying to nothing and storing nothing', async () => {
    const patient = await signedLinePatient(server);
    await mustCall(server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: patient.token });
    const body = deliveryBody([textEvent(patient.uid, '番号')]);
    const other = deliveryBody([textEvent(patient.uid, '待ち時間')]);
    const replies = line.chat.replies.length;
    const before = await dumpStore(server.store, ['outbox', 'notice_daily']);
    const attempts = [
      { signature: null },
      { signature: 'not-a-signature' },
      { signature: signBody('another-channel-secret-0000000000', body) },
      { signature: signBody(SECRET, other) },
      { signature: signBody(SECRET, body).toLowerCase() },
    ];
    for (const attempt of attempts) {
      const answer = await deliver(server.url, body, attempt);
      expectRefusal(answer, 'UNAUTHENTICATED', 'X-Line-Signature');
    }
    await server.app.lineWebhookSettled();
    expect(line.chat.replies).toHaveLength(replies);
    expect(await dumpStore(server.store, ['outbox', 'notice_daily'])).toEqual(before);
    // The same body, signed: answered.
    await signed(JSON.parse(body).events);
    expect(line.chat.replies).toHaveLength(replies + 1);
  });

  it('answers a replayed or redelivered event once, and each new event of a delivery', async () => {
    const user = 'U0000000000000000000000000000cafe';
    const first = followEvent(user);
    const body = deliveryBody([first]);
    const replies = line.chat.replies.length;
    expect((await deliver(server.url, body, { secret: SECRET })).status).toBe(200);
    expect((await deliver(server.url, body, { secret: SECRET })).status).toBe(200);
    expect((await signed([{ ...first, deliveryContext: { isRedelivery: true } }])).status).toBe(200);
    expect(line.chat.replies).toHaveLength(replies + 1);
    expect((await seen()).filter((r) => r.event_id === first.webhookEventId)).toHaveLength(1);
    await signed([first, textEvent(user, 'help'), textEvent(user, 'queue')]);
    expect(line.chat.replies).toHaveLength(replies + 3);
  });

  it('survives a reply endpoint that fails or never answers: the webhook still answers 200 at once, the reply is bounded', async () => {
    const user = 'U0000000000000000000000000000d00d';
    const replies = line.chat.replies.length;
    line.chat.script.push(500);
    expect((await signed([textEvent(user, 'hello')])).status).toBe(200);
    expect(line.chat.replies.at(-1)!.answered).toBe(500);

    line.chat.script.push('hang');
    const started = Date.now();
    expect(await deliver(server.url, deliveryBody([textEvent(user, 'hello again')]), { secret: SECRET })).toEqual({ status: 200, body: {} });
    const answeredAt = Date.now();
    const hung = await line.chat.reply(replies + 2);
    expect(hung.answered).toBe('hung');
    // LINE had its 200 before the reply could have timed out (400 ms): the webhook does not wait on the reply.
    expect(answeredAt - hung.at).toBeLessThan(200);
    await server.app.lineWebhookSettled();
    // Aborted at NOTIFY_SEND_TIMEOUT_MS (400 ms): the socket closed, not left waiting.
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(() => hung.closed).toBe(true);

    await signed([textEvent(user, 'hello, third time')]);
    expect(line.chat.replies).toHaveLength(replies + 3);
    expect(line.chat.replies.at(-1)!.answered).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('refuses garbage: random bytes with random signatures 401, signed bytes that are no delivery 400; nothing stored, nothing sent', async () => {
    const replies = line.chat.replies.length;
    const before = (await seen()).length;
    for (let i = 0; i < 40; i++) {
      const body = randomBytes(1 + (i * 37) % 900).toString(i % 2 ? 'latin1' : 'base64');
      const signature = i % 3 === 0 ? randomBytes(32).toString('base64') : i % 3 === 1 ? signBody(SECRET, `${body}x`) : null;
      expectRefusal(await deliver(server.url, body, { signature }), 'UNAUTHENTICATED');
    }
    for (const body of ['', 'not json', '[]', '{"events":"x"}', '{"destination":"U1"}', JSON.stringify({ events: Array(101).fill({}) })]) {
      expectRefusal(await deliver(server.url, body, { secret: SECRET }), 'INVALID_ARGUMENT');
    }
    // The console's "Verify" button: a signed delivery without events.
    expect(await deliver(server.url, deliveryBody([]), { secret: SECRET })).toEqual({ status: 200, body: {} });
    // Events LINE might add, or malformed ones, in a real delivery: acknowledged, not answered.
    expect((await signed([{ type: 'videoPlayComplete', webhookEventId: newEventId(), timestamp: Date.now(), source: { type: 'user', userId: 'U1' } }, { type: 'message' }])).status).toBe(200);
    expect(line.chat.replies).toHaveLength(replies);
    expect((await seen()).length).toBe(before);
  });

  it('refuses a body over the limit, signed or not, and stores nothing', async () => {
    const huge = deliveryBody([textEvent('U0000000000000000000000000000f00d', 'x'.repeat(300 * 1024))]);
    const before = (await seen()).length;
    const answer = await deliver(server.url, huge, { secret: SECRET });
    expectRefusal(answer, 'INVALID_ARGUMENT');
    await server.app.lineWebhookSettled();
    expect((await seen()).length).toBe(before);
  });
});

describe('the LINE chat webhook without a channel secret', () => {
  let server: TestServer;
  let line: FakeLineMessaging;
  beforeAll(async () => {
    line = await startFakeLineMessaging();
    const env = chatEnv(line.url);
    delete env.LINE_MESSAGING_CHANNEL_SECRET;
    server = await startTestServer({ env });
  });
  afterAll(async () => {
    await server?.close();
    await line?.close();
  });

  it('refuses every delivery, however it is signed', async () => {
    const body = deliveryBody([followEvent('U0000000000000000000000000000aaaa')]);
    for (const signature of [null, signBody(SECRET, body), signBody('', body)]) {
      expectRefusal(await deliver(server.url, body, { signature }), 'UNAUTHENTICATED');
    }
    await server.app.lineWebhookSettled();
    expect(line.chat.replies).toEqual([]);
    expect(await server.store.db.selectFrom('line_webhook_events').selectAll().execute()).toEqual([]);
  });
});
