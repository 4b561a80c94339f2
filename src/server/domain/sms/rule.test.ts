import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { label } from '../../../shared/labels/text.js';
import { noticeLabels } from '../../../shared/labels/notices.js';
import { QUEUE_FIRST_NUMBER_MAX, QUEUE_NAME_MAX } from '../../../shared/queue/queue-limits.js';
import { NOTICE_THRESHOLD_MAX } from '../../../shared/queue/slot.js';
import { checkSmsSettings, maskPhone, normalisePhone, numberEditable, smsRecipient } from './rule.js';
import { sumCost } from './usage.js';

const refusal = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? `${e.code} ${e.messageKey}` : e;
  }
};

describe('a desk patient\'s mobile number, made E.164 (decision 070)', () => {
  it.each([
    ['090-1234-5678', '+819012345678'],
    ['09012345678', '+819012345678'],
    ['０９０－１２３４－５６７８', '+819012345678'],
    ['０９０１２３４５６７８', '+819012345678'],
    ['+81 90 1234 5678', '+819012345678'],
    ['+81-90-1234-5678', '+819012345678'],
    ['＋８１９０１２３４５６７８', '+819012345678'],
    ['+81 (0)90-1234-5678', '+819012345678'],
    ['0081 90 1234 5678', '+819012345678'],
    ['080 9876 5432', '+818098765432'],
    ['070-1111-2222', '+817011112222'],
    [' 090 1234 5678 ', '+819012345678'],
  ])('%s → %s', (input, e164) => {
    expect(normalisePhone(input)).toBe(e164);
  });

  it.each([
    ['03-1234-5678', 'a landline'],
    ['0120-123-456', 'a free dial'],
    ['050-1234-5678', 'an IP phone'],
    ['060-1234-5678', 'no mobile prefix'],
    ['090-1234-567', 'a digit short'],
    ['090-1234-56789', 'a digit over'],
    ['+1 415 555 0100', 'another country'],
    ['90-1234-5678', 'no trunk 0'],
    ['090-1234-5678 内線2', 'words'],
    ['09012345678+', 'a plus inside'],
    ['', 'nothing'],
  ])('%s (%s) is refused with the catalogue error', (input) => {
    expect(refusal(() => normalisePhone(input))).toBe('INVALID_ARGUMENT error.smsNumber');
  });

  it('is masked for staff to the prefix and the last four', () => {
    expect(maskPhone('+819012345678')).toBe('090-****-5678');
    expect(maskPhone('+817011112222')).toBe('070-****-2222');
  });
});

describe('the SMS settings and who is told by SMS', () => {
  const sid = `AC${'0123456789abcdef'.repeat(2)}`;
  it('saves what is complete, keeps a saved token when none is typed, refuses the rest', () => {
    expect(checkSmsSettings({ on: true, accountSid: sid, authToken: 'a'.repeat(32), from: '+1 500-555-0006' }, false)).toEqual({
      on: true, accountSid: sid, authToken: 'a'.repeat(32), from: '+15005550006',
    });
    expect(checkSmsSettings({ on: true, accountSid: sid, authToken: '', from: '+15005550006' }, true).authToken).toBeNull();
    expect(refusal(() => checkSmsSettings({ on: true, accountSid: sid, authToken: '', from: '+15005550006' }, false))).toBe('FAILED_PRECONDITION error.smsIncomplete');
    expect(refusal(() => checkSmsSettings({ on: false, accountSid: 'AC1', authToken: '', from: '' }, false))).toBe('INVALID_ARGUMENT error.smsAccountSid');
    expect(refusal(() => checkSmsSettings({ on: false, accountSid: sid, authToken: '', from: '090' }, false))).toBe('INVALID_ARGUMENT error.smsFrom');
    expect(refusal(() => checkSmsSettings({ on: false, accountSid: sid, authToken: 'no spaces please', from: '' }, false))).toBe('INVALID_ARGUMENT error.smsAuthToken');
    expect(checkSmsSettings({ on: false, accountSid: '', authToken: '', from: '' }, false)).toEqual({ on: false, accountSid: null, authToken: null, from: null });
  });

  it('tells a desk number with a mobile while SMS is on, nobody else', () => {
    expect(smsRecipient({ reserved_type: 'ADMIN' }, true, true)).toBe(true);
    expect(smsRecipient({ reserved_type: 'ADMIN' }, true, false)).toBe(false);
    expect(smsRecipient({ reserved_type: 'ADMIN' }, false, true)).toBe(false);
    expect(smsRecipient({ reserved_type: 'LINE' }, true, true)).toBe(false);
  });

  it('lets the desk set a number only on a waiting desk number while SMS is on', () => {
    const desk = { reserved_type: 'ADMIN', canceled: 0, is_reception_accepted: 0 };
    expect(refusal(() => numberEditable(desk, true))).toBe('ok');
    expect(refusal(() => numberEditable(desk, false))).toBe('FAILED_PRECONDITION error.smsOff');
    expect(refusal(() => numberEditable({ ...desk, reserved_type: 'PWA' }, true))).toBe('FAILED_PRECONDITION error.smsDeskOnly');
    expect(refusal(() => numberEditable({ ...desk, is_reception_accepted: 1 }, true))).toBe('FAILED_PRECONDITION error.slotStateConflict');
  });

  it('fits one SMS segment in Japanese (70 characters) with a clinic name of 12', () => {
    const clinic = 'さくら内科小児科クリニック'.slice(0, 12);
    for (const key of ['notice.smsAhead', 'notice.smsRecall'] as const) {
      const text = label(noticeLabels, 'ja', key, { clinic, n: 1234, ahead: 10 });
      expect(text.length, text).toBeLessThanOrEqual(70);
    }
    // With several queues (decision 066), a queue name of the longest allowed, the highest number and threshold.
    const queue = '予'.repeat(QUEUE_NAME_MAX);
    for (const key of ['notice.smsAheadQueue', 'notice.smsRecallQueue'] as const) {
      const text = label(noticeLabels, 'ja', key, { clinic, queue, n: QUEUE_FIRST_NUMBER_MAX + 999, ahead: NOTICE_THRESHOLD_MAX });
      expect(text.length, text).toBeLessThanOrEqual(70);
    }
  });

  it('sums the cost per currency as Twilio reported it (a charge is a negative price) and counts the unpriced', () => {
    expect(sumCost([
      { price: '-0.07500', price_unit: 'USD' },
      { price: '-0.07500', price_unit: 'USD' },
      { price: null, price_unit: null },
      { price: '-10', price_unit: 'JPY' },
    ])).toEqual({ sent: 4, unpriced: 1, cost: [{ unit: 'USD', amount: '0.1500' }, { unit: 'JPY', amount: '10.0000' }] });
  });
});
