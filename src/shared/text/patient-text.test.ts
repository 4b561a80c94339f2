import { describe, expect, it } from 'vitest';
import { functionPayloads } from '../schemas/functions.js';
import { PATIENT_TEXT_REFUSAL, patientText, refusalLabel } from '../schemas/patient-text.js';
import { hasRefusedCharacter, normalisePatientText } from './patient-text.js';

describe('patient text (decision 058)', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '太\u0007郎'],
    ['a line break', 'た\nろう'],
    ['a tab', 'た\tろう'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085'],
    ['right-to-left override', '\u202Eabc'],
    ['a bidi isolate', 'a\u2066b\u2069'],
    ['left-to-right mark', 'a\u200Eb'],
    ['zero-width joiner', 'た\u200Dろう'],
    ['zero-width space', 'た\u200Bろう'],
    ['a byte order mark', '\uFEFFたろう'],
    ['the line separator', 'a\u2028b'],
    ['the paragraph separator', 'a\u2029b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00'],
    ['a noncharacter', 'a\uFFFE'],
    ['a supplementary noncharacter', 'a\u{1FFFF}'],
  ])('refuses %s', (_what, text) => {
    expect(hasRefusedCharacter(text)).toBe(true);
    const parsed = patientText(10).safeParse(text);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(refusalLabel(parsed.error)).toBe(PATIENT_TEXT_REFUSAL);
  });

  it.each([['たろう'], ['花子'], ['Taro'], ['José'], ['김민준'], ['👶'], ['葛\u{E0100}'], ['']])('keeps %s', (text) => {
    expect(patientText(10).parse(text)).toBe(text);
  });

  it('stores the NFKC form, trimmed, and counts the limit on it', () => {
    expect(normalisePatientText('ＴＡＲＯ')).toBe('TARO');
    expect(patientText(10).parse(' ﾀﾛｳ ')).toBe('タロウ');
    expect(patientText(10).parse('①　㈱')).toBe('1 (株)');
    // 11 halfwidth kana with sound marks become 6 characters: within 10 once normalised.
    expect(patientText(10).parse('ｶﾞｷﾞｸﾞｹﾞｺﾞｻ')).toBe('ガギグゲゴサ');
    // 'ﷺ' is one character that NFKC spells out in 18: too long once normalised.
    const long = patientText(10).safeParse('ﷺ');
    expect(long.success).toBe(false);
    if (!long.success) expect(refusalLabel(long.error)).toBeUndefined();
  });

  it('is what a family’s names are, and only a refused character names the patient-text refusal', () => {
    const schema = functionPayloads.allocateNextSlot;
    expect(schema.parse({ reservedType: 'LINE', members: ['ＡＢ', ' 花子 '] }).members).toEqual(['AB', '花子']);
    const refused = schema.safeParse({ reservedType: 'LINE', members: ['太\u0007郎', '花子'] });
    expect(!refused.success && refusalLabel(refused.error)).toBe(PATIENT_TEXT_REFUSAL);
    const tooMany = schema.safeParse({ reservedType: 'LINE', members: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(!tooMany.success && refusalLabel(tooMany.error)).toBeUndefined();
  });
});
