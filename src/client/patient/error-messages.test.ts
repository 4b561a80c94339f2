// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FnError } from '../api/fn.js';
import { cancelErrorMessage, takeErrorMessage } from './error-messages.js';
import { applyLang } from '../ui/language.js';

describe('take-a-number errors', () => {
  it.each([
    ['FAILED_PRECONDITION', '現在オンライン受付を停止しています。しばらくしてから再度お試しください。'],
    ['RESOURCE_EXHAUSTED', '本日の受付番号に空きがありません。しばらくしてから再度お試しください。'],
    ['ABORTED', 'ただいま混み合っています。もう一度お試しください。'],
  ] as const)('%s has its own line', (status, expected) => {
    expect(takeErrorMessage(new FnError(status, 'server text'))).toBe(expected);
  });

  it('says online numbers are used up and the desk still takes patients when the server says so (decision 049)', () => {
    const usedUp = 'このセッションのオンライン受付の番号はなくなりました。窓口では引き続き受け付けています。';
    expect(takeErrorMessage(new FnError('RESOURCE_EXHAUSTED', usedUp))).toBe(usedUp);
    // Any other RESOURCE_EXHAUSTED keeps today's line.
    expect(takeErrorMessage(new FnError('RESOURCE_EXHAUSTED', '本日の受付番号に空きがありません。しばらくしてから再度お試しください。'))).toBe(
      '本日の受付番号に空きがありません。しばらくしてから再度お試しください。',
    );
  });

  it('says the patient cancelled too often this session, with the count, in the reader\'s language (decision 060)', async () => {
    const said = '今回の受付で2回キャンセルされたため、受付でお申し出ください。';
    expect(takeErrorMessage(new FnError('RESOURCE_EXHAUSTED', said))).toBe(said);
    // An English reader: the server's Japanese text is matched whole, its count worded in English.
    await applyLang('en');
    try {
      expect(takeErrorMessage(new FnError('RESOURCE_EXHAUSTED', said))).toBe('You cancelled 2 times this session, so please ask at reception.');
    } finally {
      await applyLang('ja');
    }
    // Another RESOURCE_EXHAUSTED with a number in it is not mistaken for it.
    expect(takeErrorMessage(new FnError('RESOURCE_EXHAUSTED', '今回の受付で2回お取りいただけます。受付でお申し出ください。'))).toBe(
      '本日の受付番号に空きがありません。しばらくしてから再度お試しください。',
    );
  });

  it("otherwise shows the server's message", () => {
    expect(takeErrorMessage(new FnError('ALREADY_EXISTS', 'すでに受付番号を取得済みです。'))).toBe('すでに受付番号を取得済みです。');
    expect(takeErrorMessage(new FnError('UNAVAILABLE', 'ただいまサービスを利用できません。'))).toBe('ただいまサービスを利用できません。');
  });

  it("falls back to 'failed to secure a number'", () => {
    expect(takeErrorMessage(new FnError('INTERNAL', ''))).toBe('受付番号の取得に失敗しました。');
    expect(takeErrorMessage(new TypeError('boom'))).toBe('受付番号の取得に失敗しました。');
  });
});

describe('cancel errors', () => {
  it("not-found is 'reservation not found'", () => {
    expect(cancelErrorMessage(new FnError('NOT_FOUND', 'x'))).toBe('予約が見つかりません。');
  });

  it("otherwise the server's message, else 'failed to cancel'", () => {
    expect(cancelErrorMessage(new FnError('PERMISSION_DENIED', 'この予約はご利用中のアプリからはキャンセルできません。'))).toBe(
      'この予約はご利用中のアプリからはキャンセルできません。',
    );
    expect(cancelErrorMessage(new FnError('INTERNAL', ''))).toBe('キャンセルに失敗しました。');
    expect(cancelErrorMessage(new Error('network'))).toBe('キャンセルに失敗しました。');
  });
});
