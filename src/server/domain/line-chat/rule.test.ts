/** The chat rule without a store: which event gets which reply, and its words (docs/decisions/052). */
import { describe, expect, it } from 'vitest';
import type { WaitEstimate } from '../../../shared/estimate/range.js';
import { asksForNumber, type ChatFacts, EVENT_MAX_AGE_MS, intentOf, replyText, SEEN_EVENT_RETENTION_MS } from './rule.js';
import { type ChatEvent, MAX_EVENTS_PER_DELIVERY, readDelivery } from './events.js';

const NOW = new Date('2026-11-23T01:00:00.000Z'); // 10:00 Tokyo
const USER = 'U0123456789abcdef0123456789abcdef';
const estimate: WaitEstimate = { minutesPerPerson: 5, spreadMinutes: 2, paceError: 0.1, lastStartAt: null, basis: 'blend' };

const event = (over: Partial<ChatEvent> = {}): ChatEvent => ({
  id: '01JD0000000000000000000000',
  type: 'message',
  timestamp: NOW.getTime() - 1000,
  replyToken: 'token-1',
  sourceType: 'user',
  userId: USER,
  mode: 'active',
  messageType: 'text',
  text: '番号',
  isRedelivery: false,
  ...over,
});

const facts = (over: Partial<ChatFacts> = {}): ChatFacts => ({
  lang: 'ja',
  clinic: 'さくらクリニック',
  bookLink: 'https://liff.line.me/1650000000-General1/book',
  numbers: [],
  estimate,
  inhouseOn: true,
  nowCalling: null,
  now: NOW,
  ...over,
});

describe('which event gets which reply', () => {
  it('asks for the number with 番号, 何番, 順番, 待ち and their English words, in any width or case', () => {
    for (const text of ['番号', '今何番？', '順番はまだですか', '待ち時間', 'あと何人待つ？', 'ばんごう', 'Number?', 'my QUEUE', 'how long is the wait', 'ＮＵＭＢＥＲ']) {
      expect(asksForNumber(text), text).toBe(true);
    }
    for (const text of ['こんにちは', '駐車場はありますか', 'hello', 'numeral', 'waiter']) expect(asksForNumber(text), text).toBe(false);
  });

  it('answers a text with the status or the help, a follow with the welcome', () => {
    expect(intentOf(event(), NOW)).toBe('status');
    expect(intentOf(event({ text: 'こんにちは' }), NOW)).toBe('help');
    expect(intentOf(event({ type: 'follow', messageType: null, text: null }), NOW)).toBe('welcome');
  });

  it('answers nothing without a reply token, in standby, to a group or room, to a sticker, to other events or to an old event', () => {
    expect(intentOf(event({ replyToken: null }), NOW)).toBeNull();
    expect(intentOf(event({ mode: 'standby' }), NOW)).toBeNull();
    expect(intentOf(event({ sourceType: 'group' }), NOW)).toBeNull();
    expect(intentOf(event({ sourceType: 'room' }), NOW)).toBeNull();
    expect(intentOf(event({ userId: null }), NOW)).toBeNull();
    expect(intentOf(event({ messageType: 'sticker', text: null }), NOW)).toBeNull();
    for (const type of ['unfollow', 'postback', 'join', 'beacon']) expect(intentOf(event({ type, text: null }), NOW), type).toBeNull();
    expect(intentOf(event({ timestamp: NOW.getTime() - EVENT_MAX_AGE_MS - 1 }), NOW)).toBeNull();
    expect(intentOf(event({ timestamp: NOW.getTime() - EVENT_MAX_AGE_MS + 60_000 }), NOW)).toBe('status');
    // An id is forgotten only after its event could no longer be answered.
    expect(SEEN_EVENT_RETENTION_MS).toBeGreaterThan(EVENT_MAX_AGE_MS);
  });
});

describe('the words of a reply', () => {
  it("shows each number with the card's people ahead and wait, in queue order, the note once", () => {
    const text = replyText('status', facts({
      nowCalling: 23,
      numbers: [
        { reservationNumber: 26, ahead: 2, hold: false },
        { reservationNumber: 31, ahead: 7, hold: false },
      ],
    }));
    // 2 ahead at 5 minutes each plus half of the one under way: 12.5 min, about 10:15 (as the card's own test).
    expect(text.split('\n')).toEqual([
      '【さくらクリニック】',
      'ただいま 23番の方を診察中',
      '',
      '受付番号 26番\u3000あなたの前に 2人',
      expect.stringMatching(/^お呼びするまでの目安：約\d+〜\d+分 （10:15ごろ）$/),
      '',
      '受付番号 31番\u3000あなたの前に 7人',
      expect.stringMatching(/^お呼びするまでの目安：約\d+〜\d+分 （10:40ごろ）$/),
      '',
      '※目安です。診察の状況により前後します。',
    ]);
  });

  it("says a held number has no estimate, 'soon' for the next one, and plainly that there is no estimate yet", () => {
    expect(replyText('status', facts({ numbers: [{ reservationNumber: 20, ahead: null, hold: true }] }))).toBe(
      '【さくらクリニック】\n受付番号 20番\n呼出時不在のため、待ち時間の目安はありません。受付にお声がけください。',
    );
    const next = replyText('status', facts({ numbers: [{ reservationNumber: 5, ahead: 0, hold: false }], estimate: { ...estimate, minutesPerPerson: 2, spreadMinutes: 0.5 } }));
    expect(next).toBe('【さくらクリニック】\n受付番号 5番\u3000あなたの前に 0人\nお呼びするまでの目安：まもなくお呼びします');
    const none = replyText('status', facts({ numbers: [{ reservationNumber: 5, ahead: 3, hold: false }], estimate: null }));
    expect(none).toContain('お呼びするまでの目安：まだ待ち時間の目安をお出しできません');
    expect(none).not.toContain('※目安です');
  });

  it('tells how to take a number, with the link or the rich menu, and welcomes', () => {
    expect(replyText('status', facts())).toBe(
      '【さくらクリニック】\nただいま受付番号をお持ちではありません。\n順番待ちの受付はLINEミニアプリから：\nhttps://liff.line.me/1650000000-General1/book',
    );
    expect(replyText('status', facts({ bookLink: null }))).toContain('メニュー「受付番号予約」');
    expect(replyText('welcome', facts())).toContain('https://liff.line.me/1650000000-General1/book');
    expect(replyText('welcome', facts({ bookLink: null }))).not.toContain('{link}');
  });

  it('speaks English to an English reader, with the card’s English words', () => {
    const text = replyText('status', facts({ lang: 'en', numbers: [{ reservationNumber: 26, ahead: 2, hold: false }] }));
    expect(text.split('\n').slice(0, 3)).toEqual([
      '[さくらクリニック]',
      'Your number: No. 26 (2 ahead of you)',
      expect.stringMatching(/^Estimated time until we call you: About \d+–\d+ min （around 10:15）$/),
    ]);
    expect(replyText('help', facts({ lang: 'en' }))).toMatch(/^\[さくらクリニック\]\nSend "number"/);
    expect(replyText('status', facts({ lang: 'en' }))).toContain('You have no number at the moment.');
  });
});

describe('the words of a reply when the clinic has several queues (decision 066)', () => {
  const vaccination = { id: 'qvacc', name: '予防接種', estimate: { ...estimate, minutesPerPerson: 2, spreadMinutes: 0.5 }, nowCalling: 503 };
  const general = { id: 'main', name: '一般', estimate: null, nowCalling: 23 };

  it("names each number's queue, reads its wait and now calling from that queue, and names those too", () => {
    const text = replyText('status', facts({
      nowCalling: 23,
      numbers: [
        { reservationNumber: 26, ahead: 2, hold: false, queue: general },
        { reservationNumber: 505, ahead: 0, hold: false, queue: vaccination },
        { reservationNumber: 507, ahead: null, hold: true, queue: vaccination },
      ],
    }));
    expect(text.split('\n')).toEqual([
      '【さくらクリニック】',
      '一般：ただいま 23番の方を診察中',
      '予防接種：ただいま 503番の方を診察中',
      '',
      '一般 26番\u3000あなたの前に 2人',
      // The first queue has no estimate of its own: the clinic's (facts.estimate) is not borrowed.
      'お呼びするまでの目安：まだ待ち時間の目安をお出しできません（診察が進むとお出しします）。',
      '',
      '予防接種 505番\u3000あなたの前に 0人',
      'お呼びするまでの目安：まもなくお呼びします',
      '',
      '予防接種 507番',
      '呼出時不在のため、待ち時間の目安はありません。受付にお声がけください。',
    ]);
  });

  it('in English', () => {
    const text = replyText('status', facts({ lang: 'en', numbers: [{ reservationNumber: 505, ahead: 1, hold: false, queue: { ...vaccination, name: 'Vaccination' } }] }));
    expect(text.split('\n').slice(0, 4)).toEqual([
      '[さくらクリニック]',
      'Vaccination: Now seeing No. 503',
      '',
      'Your number: Vaccination, No. 505 (1 ahead of you)',
    ]);
    const held = replyText('status', facts({ lang: 'en', numbers: [{ reservationNumber: 507, ahead: null, hold: true, queue: { ...vaccination, name: 'Vaccination' } }] }));
    expect(held).toContain('\nYour number: Vaccination, No. 507\n');
  });
});

describe("reading LINE's delivery", () => {
  const raw = {
    type: 'message', mode: 'active', timestamp: 1, webhookEventId: '01JD1', replyToken: 'r',
    source: { type: 'user', userId: USER }, deliveryContext: { isRedelivery: true }, message: { id: '1', type: 'text', text: '番号' },
  };

  it('keeps the facts of each event and leaves out events without an id', () => {
    const events = readDelivery({ destination: 'U1', events: [raw, { ...raw, webhookEventId: undefined }, { type: 'follow' }] });
    expect(events).toEqual([{ id: '01JD1', type: 'message', timestamp: 1, replyToken: 'r', sourceType: 'user', userId: USER, mode: 'active', messageType: 'text', text: '番号', isRedelivery: true }]);
    expect(readDelivery({ destination: 'U1', events: [] })).toEqual([]);
  });

  it('refuses what is no delivery, and more events than LINE sends at once', () => {
    for (const body of [null, [], 'x', { events: 'x' }, {}]) expect(readDelivery(body)).toBeNull();
    expect(readDelivery({ events: Array.from({ length: MAX_EVENTS_PER_DELIVERY + 1 }, () => raw) })).toBeNull();
  });
});
