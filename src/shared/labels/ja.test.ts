import { describe, expect, it } from 'vitest';
import { ja, t } from './ja.js';

describe('label catalogue', () => {
  it('fills parameters and leaves unknown ones visible', () => {
    expect(t('my.numberValue', { n: 12 })).toBe('12番');
    expect(t('all.headerWithYou', { ahead: 3, total: 9 })).toBe('あなたの前に 3人 ／ 待ち人数 9人');
    expect(t('book.people')).toBe('{n}人');
  });

  it('has no empty label', () => {
    for (const [key, value] of Object.entries(ja)) expect(value.trim(), key).not.toBe('');
  });
});
