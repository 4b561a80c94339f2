/**
 * The per-number notices' words (decision 066): a one-queue clinic's texts are exactly those sent before
 * there were several queues (written out here in full, not read from the catalogue); with two queues the
 * number's queue is named in the patient's language in place of 受付番号 / "Number".
 */
import { describe, expect, it } from 'vitest';
import { absenceText, noticeText, smsText } from './deliverer.js';

const clinic = 'さくらクリニック';

describe('one queue: the texts as they always were', () => {
  it('turn-is-near, recall, taken, by threshold and by minutes, in Japanese and English', () => {
    expect(noticeText('ahead5', clinic, 12)).toBe('【さくらクリニック】受付番号 12番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。');
    expect(noticeText('recall', clinic, 12)).toBe('【さくらクリニック】受付番号 12番の方　順番になりました。受付までお越しください。');
    expect(noticeText('taken', clinic, 12)).toBe('【さくらクリニック】受付番号 12番で受け付けました。順番が近づいたらお知らせします。');
    expect(noticeText('ahead5', clinic, 12, { threshold: 3 })).toBe('【さくらクリニック】受付番号 12番の方へ　あなたの前の方が3人になりました。ご来院のうえ、院内でお待ちください。');
    expect(noticeText('ahead5', clinic, 12, { minutes: 15 })).toBe('【さくらクリニック】受付番号12番の方：早ければ約15分で順番です。ご来院の準備をお願いします。');
    expect(noticeText('ahead5', clinic, 12, { lang: 'en' })).toBe('[さくらクリニック] Number 12: 5 people are ahead of you now. Please come to the clinic and wait inside.');
    expect(noticeText('recall', clinic, 12, { lang: 'en' })).toBe('[さくらクリニック] Number 12: it is your turn. Please come to the reception desk.');
    expect(noticeText('taken', clinic, 12, { lang: 'en' })).toBe('[さくらクリニック] Your number is 12. We will let you know when your turn is near.');
    expect(noticeText('ahead5', clinic, 12, { lang: 'en', threshold: 3 })).toBe('[さくらクリニック] To No. 12: 3 people are now ahead of you. Please come to the clinic and wait inside.');
    expect(noticeText('ahead5', clinic, 12, { lang: 'en', minutes: 15 })).toBe('[さくらクリニック] No. 12: your turn may come in about 15 minutes. Please get ready to come to the clinic.');
  });

  it('the absence notices', () => {
    expect(absenceText({ outcome: 'moved', places: 3 }, clinic, 12)).toBe(
      '【さくらクリニック】受付番号 12番の方　お呼びしましたがいらっしゃらなかったため、順番を3人後ろに移しました。受付にお声がけください。',
    );
    expect(absenceText({ outcome: 'held', places: null }, clinic, 12)).toBe(
      '【さくらクリニック】受付番号 12番の方　お呼びしましたがいらっしゃらなかったため、順番を保留にしました。受付にお声がけください。',
    );
    expect(absenceText({ outcome: 'moved', places: 0 }, clinic, 12)).toBe('【さくらクリニック】受付番号 12番の方　お呼びしましたがいらっしゃいませんでした。受付にお声がけください。');
    expect(absenceText({ outcome: 'held', places: null }, clinic, 12, 'en')).toBe(
      '[さくらクリニック] No. 12: we called your number but you were not here, so it is now on hold. Please speak to the reception desk.',
    );
  });
});

describe('two queues: the number named with its queue', () => {
  it('turn-is-near, recall, taken, by threshold and by minutes, in Japanese and English', () => {
    const ja = { queue: '予防接種' };
    const en = { lang: 'en', queue: 'Vaccination' };
    expect(noticeText('ahead5', clinic, 512, ja)).toBe('【さくらクリニック】予防接種 512番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。');
    expect(noticeText('recall', clinic, 512, ja)).toBe('【さくらクリニック】予防接種 512番の方　順番になりました。受付までお越しください。');
    expect(noticeText('taken', clinic, 512, ja)).toBe('【さくらクリニック】予防接種 512番で受け付けました。順番が近づいたらお知らせします。');
    expect(noticeText('ahead5', clinic, 512, { ...ja, threshold: 3 })).toContain('【さくらクリニック】予防接種 512番の方へ　あなたの前の方が3人に');
    expect(noticeText('ahead5', clinic, 512, { ...ja, minutes: 15 })).toBe('【さくらクリニック】予防接種 512番の方：早ければ約15分で順番です。ご来院の準備をお願いします。');
    expect(noticeText('ahead5', clinic, 512, en)).toBe('[さくらクリニック] Vaccination, No. 512: 5 people are ahead of you now. Please come to the clinic and wait inside.');
    expect(noticeText('recall', clinic, 512, en)).toBe('[さくらクリニック] Vaccination, No. 512: it is your turn. Please come to the reception desk.');
    expect(noticeText('taken', clinic, 512, en)).toBe('[さくらクリニック] Your number is Vaccination, No. 512. We will let you know when your turn is near.');
    expect(noticeText('ahead5', clinic, 512, { ...en, threshold: 3 })).toBe('[さくらクリニック] To Vaccination, No. 512: 3 people are now ahead of you. Please come to the clinic and wait inside.');
    expect(noticeText('ahead5', clinic, 512, { ...en, minutes: 15 })).toMatch(/^\[さくらクリニック\] Vaccination, No\. 512: your turn may come in about 15 minutes\./);
  });

  it('the absence notices', () => {
    expect(absenceText({ outcome: 'moved', places: 3 }, clinic, 512, 'ja', '予防接種')).toBe(
      '【さくらクリニック】予防接種 512番の方　お呼びしましたがいらっしゃらなかったため、順番を3人後ろに移しました。受付にお声がけください。',
    );
    expect(absenceText({ outcome: 'held', places: null }, clinic, 512, 'ja', '予防接種')).toContain('【さくらクリニック】予防接種 512番の方　お呼びしましたが');
    expect(absenceText({ outcome: 'moved', places: 0 }, clinic, 512, 'en', 'Vaccination')).toBe(
      '[さくらクリニック] Vaccination, No. 512: we called your number but you were not here. Please speak to the reception desk.',
    );
  });
});

describe('the SMS texts (decision 070)', () => {
  it('one queue: the number alone, as always', () => {
    expect(smsText('ahead5', clinic, 12, null, 5)).toBe('【さくらクリニック】12番の方　順番が近づきました（前の方5人以内）。ご来院ください。');
    expect(smsText('recall', clinic, 12, 'en', 5)).toBe('[さくらクリニック] No. 12: your turn. Please come to the desk.');
  });

  it('two queues: the number named with its queue, in the patient\'s language', () => {
    expect(smsText('ahead5', clinic, 512, 'ja', 5, '予防接種')).toBe('【さくらクリニック】予防接種 512番の方　順番が近づきました（あと5人以内）。ご来院ください。');
    expect(smsText('recall', clinic, 512, 'ja', 5, '予防接種')).toBe('【さくらクリニック】予防接種 512番の方　順番です。受付までお越しください。');
    expect(smsText('ahead5', clinic, 512, 'en', 3, 'Vaccination')).toBe('[さくらクリニック] Vaccination, No. 512: your turn is near (3 or fewer ahead). Please come in.');
    expect(smsText('recall', clinic, 512, 'en', 5, 'Vaccination')).toBe('[さくらクリニック] Vaccination, No. 512: your turn. Please come to the desk.');
  });
});
