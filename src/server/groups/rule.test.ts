import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import {
  groupPageUrl,
  groupStaffUsername,
  handoffHost,
  handoffUrl,
  handoffUsable,
  parseHandoffRequest,
  parseHandoffToken,
  parseLogin,
  parseOverviewQuery,
} from './rule.js';
import { USERNAME_PATTERN } from '../auth/staff-accounts.js';
import { loginLimiter } from './login-limit.js';

const code = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? `${err.code} ${err.messageKey}` : String(err);
  }
};

describe('group account rules', () => {
  it('names a staff identity no staff member can hold', () => {
    expect(groupStaffUsername('houjin')).toBe('houjin@group');
    expect(USERNAME_PATTERN.test(groupStaffUsername('houjin'))).toBe(false);
  });

  it('takes only the bodies and queries of the contract', () => {
    expect(parseLogin({ username: 'a', password: 'b' })).toEqual({ username: 'a', password: 'b' });
    expect(code(() => parseLogin({ username: 'a', password: 'b', extra: 1 }))).toBe('INVALID_ARGUMENT error.invalidArgument');
    expect(parseOverviewQuery({}, '2026-12-02')).toEqual({ period: 'day', date: '2026-12-02' });
    expect(parseOverviewQuery({ period: 'month', date: '2026-11-01' }, '2026-12-02')).toEqual({ period: 'month', date: '2026-11-01' });
    expect(code(() => parseOverviewQuery({ period: 'year' }, '2026-12-02'))).toBe('INVALID_ARGUMENT error.invalidArgument');
    expect(code(() => parseOverviewQuery({ date: '2026-02-30' }, '2026-12-02'))).toBe('INVALID_ARGUMENT error.invalidArgument');
    expect(parseHandoffRequest({ clinicId: 'clinic-b' })).toEqual({ clinicId: 'clinic-b' });
    expect(code(() => parseHandoffRequest({ clinicId: '' }))).toBe('INVALID_ARGUMENT error.invalidArgument');
    expect(parseHandoffToken({ token: 'a'.repeat(43) })).toBe('a'.repeat(43));
    expect(code(() => parseHandoffToken({ token: 'a'.repeat(42) }))).toBe('INVALID_ARGUMENT error.invalidArgument');
  });

  it('hands off to a given, open clinic with a host only; not given reads as unknown', () => {
    expect(handoffHost({ granted: true, disabled: false, host: 'b.example.jp' })).toBe('b.example.jp');
    expect(code(() => handoffHost({ granted: false, disabled: false, host: 'b.example.jp' }))).toBe('NOT_FOUND error.groupClinicUnknown');
    expect(code(() => handoffHost({ granted: true, disabled: true, host: 'b.example.jp' }))).toBe('NOT_FOUND error.groupClinicUnknown');
    expect(code(() => handoffHost({ granted: true, disabled: false, host: null }))).toBe('FAILED_PRECONDITION error.groupClinicNoHost');
  });

  it('takes a stored handoff at its own clinic, unused and unexpired', () => {
    const now = new Date('2026-12-02T00:00:00Z');
    const row = { clinic_id: 'clinic-b', expires_at: '2026-12-02T00:00:30.000Z', used_at: null };
    expect(handoffUsable(row, 'clinic-b', now)).toBe(true);
    expect(handoffUsable(row, 'default', now)).toBe(false);
    expect(handoffUsable({ ...row, used_at: '2026-12-02T00:00:00.000Z' }, 'clinic-b', now)).toBe(false);
    expect(handoffUsable(row, 'clinic-b', new Date('2026-12-02T00:00:30Z'))).toBe(false);
    expect(handoffUsable(undefined, 'clinic-b', now)).toBe(false);
  });

  it('builds addresses with the request’s scheme and port', () => {
    expect(handoffUrl({ scheme: 'https', port: null }, 'b.example.jp', 'T')).toBe('https://b.example.jp/admin/handoff#T');
    expect(groupPageUrl({ scheme: 'http', port: 8080 }, 'group.example.jp')).toBe('http://group.example.jp:8080/group/');
  });
});

describe('the group sign-in limiter', () => {
  it('refuses past any of its limits, counts all or none, and gives a right password’s units back', () => {
    const limiter = loginLimiter({ perAddress: 3, perName: 5, perAddressAndName: 2 });
    const t = Date.UTC(2026, 11, 2);
    limiter.reserve('1.1.1.1', 'houjin', t);
    limiter.reserve('1.1.1.1', 'houjin', t);
    expect(code(() => limiter.reserve('1.1.1.1', 'houjin', t))).toBe('RESOURCE_EXHAUSTED error.loginThrottled');
    // The refused try took no unit of the address's: one more name still fits under it.
    const refund = limiter.reserve('1.1.1.1', 'other', t);
    expect(code(() => limiter.reserve('1.1.1.1', 'third', t))).toBe('RESOURCE_EXHAUSTED error.loginThrottled');
    refund();
    expect(code(() => limiter.reserve('1.1.1.1', 'third', t))).toBe('ok');
    // Another window starts afresh.
    expect(code(() => limiter.reserve('1.1.1.1', 'houjin', t + 15 * 60_000))).toBe('ok');
  });
});
