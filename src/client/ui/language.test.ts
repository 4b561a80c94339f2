// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { patientJa } from '../../shared/labels/patient-ja.js';
import { tokyoDate, tokyoDateTime } from '../../shared/time/tokyo.js';
import { applyLang, chooseLang, currentLang, fromBrowser, LANG_STORAGE_KEY, localizeMessage, preferredLang, t } from './language.js';

afterEach(async () => {
  localStorage.clear();
  await applyLang('ja');
});

describe('the patient screens’ language', () => {
  it('takes the first browser language we have, Japanese when none', () => {
    expect(fromBrowser(['en-US', 'ja-JP'])).toBe('en');
    expect(fromBrowser(['ja-JP', 'en-US'])).toBe('ja');
    expect(fromBrowser(['fr-FR', 'en-GB'])).toBe('en');
    expect(fromBrowser(['zh-CN'])).toBe('ja');
    expect(fromBrowser([])).toBe('ja');
  });

  it('prefers the choice remembered on the device, and ignores a value it does not know', () => {
    localStorage.setItem(LANG_STORAGE_KEY, 'en');
    expect(preferredLang()).toBe('en');
    localStorage.setItem(LANG_STORAGE_KEY, 'xx');
    expect(preferredLang()).toBe(fromBrowser(navigator.languages));
  });

  it('switches t, <html lang> and the remembered choice together', async () => {
    await chooseLang('en');
    expect(currentLang()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
    expect(t('nav.book')).toBe('Get a number');
    await chooseLang('ja');
    expect(t('nav.book')).toBe('受付番号予約');
  });

  it('shows a server refusal that is a catalogue text in the reader’s language, anything else as it came', async () => {
    const japanese = patientJa['error.noFreeNumbers'];
    expect(localizeMessage(japanese)).toBe(japanese);
    await applyLang('en');
    expect(localizeMessage(japanese)).toBe('No numbers are left for today. Please try again later.');
    expect(localizeMessage('想定外のメッセージ')).toBe('想定外のメッセージ');
  });

  it('formats dates in the applied language with t, and keeps the Tokyo day', async () => {
    // 2025-09-20 15:30 UTC is Sunday 21 September 00:30 in Tokyo.
    const at = '2025-09-20T15:30:00.000Z';
    expect(tokyoDateTime(at, t)).toBe('2025/09/21(日) 00:30');
    await applyLang('en');
    expect(tokyoDate(at, t)).toBe('Sun 21 Sep 2025');
    expect(tokyoDateTime(at, t)).toBe('Sun 21 Sep 2025 00:30');
    // Staff screens and the server pass no words: Japanese.
    expect(tokyoDate(at)).toBe('2025/09/21(日)');
  });
});
