import { afterEach, describe, expect, it } from 'vitest';
import { tokyoDate, tokyoDateTime } from '../time/tokyo.js';
import { en } from './en.js';
import { ja, setActiveCatalogue, t, tIn } from './ja.js';
import { jaStaff } from './ja-staff.js';
import { t as anyLabel } from './all.js';

const patientKeys = Object.keys(ja).filter((key) => !Object.hasOwn(jaStaff, key)).sort();
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Keys present in `have` but not in `want`: the test names them, so the fix is obvious. */
const missing = (want: string[], have: string[]) => want.filter((key) => !have.includes(key));

describe('the English catalogue', () => {
  afterEach(() => setActiveCatalogue(ja));

  it('has exactly the patient keys of the Japanese one: a key missing in either language fails', () => {
    const enKeys = Object.keys(en).sort();
    expect(missing(patientKeys, enKeys), 'in ja.ts but not in en.ts').toEqual([]);
    expect(missing(enKeys, patientKeys), 'in en.ts but not in ja.ts (or only a staff key)').toEqual([]);
  });

  it('keeps every placeholder of the Japanese text and has no empty label', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(text.trim(), key).not.toBe('');
      // A date pattern picks its own fields (21 Sep 2025 vs 2025/09/21); every other text keeps them all.
      if (key === 'date.pattern') continue;
      expect(placeholders(text), key).toEqual(placeholders(ja[key as keyof typeof ja]));
    }
  });

  it('is what t reads once set, staff keys staying Japanese', () => {
    setActiveCatalogue(en);
    expect(t('my.numberValue', { n: 12 })).toBe('No. 12');
    expect(anyLabel('admin.title')).toBe('受付管理');
    expect(anyLabel('my.numberValue', { n: 12 })).toBe('No. 12');
    setActiveCatalogue(ja);
    expect(t('my.numberValue', { n: 12 })).toBe('12番');
  });

  it('names a language explicitly for the server (tIn) without touching the active one', () => {
    expect(tIn(en, 'notice.recall', { clinic: 'Sakura', n: 7 })).toBe(
      '[Sakura] Number 7: it is your turn. Please come to the reception desk.',
    );
    expect(t('my.numberValue', { n: 7 })).toBe('7番');
  });

  it('formats dates for the language and keeps the Tokyo day', () => {
    // 2025-09-20 15:30 UTC is Sunday 21 September 00:30 in Tokyo.
    const at = '2025-09-20T15:30:00.000Z';
    expect(tokyoDateTime(at)).toBe('2025/09/21(日) 00:30');
    setActiveCatalogue(en);
    expect(tokyoDate(at)).toBe('Sun 21 Sep 2025');
    expect(tokyoDateTime(at)).toBe('Sun 21 Sep 2025 00:30');
  });
});
