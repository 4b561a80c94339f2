import { describe, expect, it } from 'vitest';
import { en, ja, tFamily } from './family.js';
import { ja as patientJa } from './ja.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the families patient catalogue (its own, for the lazy family chunk)', () => {
  it('has the same keys in Japanese and English, no empty text, and the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ja).sort());
    for (const [key, text] of Object.entries(ja)) {
      const english = en[key as keyof typeof ja];
      expect(text.trim(), key).not.toBe('');
      expect(english.trim(), key).not.toBe('');
      expect(placeholders(english), key).toEqual(placeholders(text));
    }
  });

  it('shares no key with the main patient catalogue (which the first load carries)', () => {
    for (const key of Object.keys(ja)) expect(key in patientJa, key).toBe(false);
  });

  it('looks up in the language asked for and fills parameters', () => {
    expect(tFamily('ja', 'family.nameLabel', { i: 2 })).toBe('2人目のお名前');
    expect(tFamily('en', 'family.nameLabel', { i: 2 })).toBe('Name of person 2');
    expect(tFamily('en', 'family.cancelConfirmName', { n: 13, name: 'Hana' })).toBe('Cancel No. 13 (Hana)? The other numbers stay.');
  });
});
