/** Check-in refusals as the patient reads them (issue 34). */
import { describe, expect, it } from 'vitest';
import { patientJa } from '../../shared/labels/patient-ja.js';
import { FnError } from '../api/fn.js';
import { checkinErrorMessage } from './checkin-errors.js';

describe('check-in errors', () => {
  it('a wrong or stale code is the catalogue’s wrong-code line; a number gone is "not found"', () => {
    expect(checkinErrorMessage(new FnError('FAILED_PRECONDITION', 'x'))).toBe(patientJa['error.checkinCodeWrong']);
    expect(checkinErrorMessage(new FnError('NOT_FOUND', 'x'))).toBe('予約が見つかりません。');
  });

  it("otherwise the server's message (too many tries), else the generic failure", () => {
    expect(checkinErrorMessage(new FnError('RESOURCE_EXHAUSTED', '変更の回数が多すぎます。'))).toBe('変更の回数が多すぎます。');
    expect(checkinErrorMessage(new FnError('INTERNAL', ''))).toBe(patientJa['error.internal']);
    expect(checkinErrorMessage(new Error('network'))).toBe(patientJa['error.internal']);
  });
});
