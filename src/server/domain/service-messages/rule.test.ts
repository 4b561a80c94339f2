import { describe, expect, it } from 'vitest';
import { choosePath, ISSUE_GRACE_MS, ISSUING_STALE_MS, issueOutcome, type PathFacts, sendOutcome, type TokenFacts } from './rule.js';

const NOW = '2026-11-28T01:00:00.000Z';
const ready: TokenFacts = { state: 'ready', opens: true, remaining: 3, expiresAt: '2027-11-01T00:00:00.000Z', holder: 'none', ageMs: 60_000 };
const facts = (over: Partial<PathFacts> = {}): PathFacts => ({
  enabled: true,
  kind: 'ahead5',
  path: null,
  token: ready,
  reservedAgoMs: 60_000,
  now: NOW,
  ...over,
});

describe('which way a LINE notice goes', () => {
  it('goes as a service message while the token lasts, and as a push once it does not', () => {
    expect(choosePath(facts())).toEqual({ go: 'service', resend: false });
    for (const token of [
      { ...ready, remaining: 0 },
      { ...ready, expiresAt: '2026-11-28T00:59:59.000Z' },
      { ...ready, state: 'spent' as const },
      { ...ready, state: 'failed' as const },
      { ...ready, opens: false },
    ]) {
      expect(choosePath(facts({ token }))).toEqual({ go: 'push' });
    }
    expect(choosePath(facts({ token: null }))).toEqual({ go: 'push' });
  });

  it('is a push as today when service messages are off, and for announcements always', () => {
    expect(choosePath(facts({ enabled: false }))).toEqual({ go: 'push' });
    expect(choosePath(facts({ kind: 'announcement' }))).toEqual({ go: 'push' });
  });

  it('never pushes the number-taken notice: without a service message it is dropped, with the reason', () => {
    expect(choosePath(facts({ kind: 'taken' }))).toEqual({ go: 'service', resend: false });
    expect(choosePath(facts({ kind: 'taken', token: { ...ready, state: 'spent' } }))).toMatchObject({ go: 'drop' });
    expect(choosePath(facts({ kind: 'taken', enabled: false }))).toMatchObject({ go: 'drop' });
  });

  it('keeps a path once recorded: a pushed row stays a push, a delivered one is done', () => {
    expect(choosePath(facts({ path: 'push' }))).toEqual({ go: 'push' });
    expect(choosePath(facts({ path: 'service-done' }))).toEqual({ go: 'done' });
    expect(choosePath(facts({ path: 'push', enabled: false }))).toEqual({ go: 'push' });
  });

  it('re-sends with the same token after its own unanswered attempt, and otherwise counts it delivered', () => {
    expect(choosePath(facts({ path: 'service', token: { ...ready, holder: 'self' } }))).toEqual({ go: 'service', resend: true });
    expect(choosePath(facts({ path: 'service', token: { ...ready, holder: 'none', state: 'spent' } }))).toEqual({ go: 'done' });
    expect(choosePath(facts({ path: 'service', token: null }))).toEqual({ go: 'done' });
    expect(choosePath(facts({ path: 'service', enabled: false, token: { ...ready, holder: 'self' } }))).toEqual({ go: 'done' });
  });

  it('waits for a token being asked for, and for another send of the same reservation in flight', () => {
    expect(choosePath(facts({ token: null, reservedAgoMs: ISSUE_GRACE_MS - 1 }))).toMatchObject({ go: 'wait' });
    expect(choosePath(facts({ token: null, reservedAgoMs: ISSUE_GRACE_MS }))).toEqual({ go: 'push' });
    expect(choosePath(facts({ token: { ...ready, state: 'issuing', ageMs: 500 } }))).toMatchObject({ go: 'wait' });
    expect(choosePath(facts({ token: { ...ready, state: 'issuing', ageMs: ISSUING_STALE_MS } }))).toEqual({ go: 'push' });
    expect(choosePath(facts({ token: { ...ready, holder: 'otherSending' } }))).toMatchObject({ go: 'wait' });
    // Another row's send went unanswered: the token may be spent; this one must not wait for its retries.
    expect(choosePath(facts({ token: { ...ready, holder: 'other' } }))).toEqual({ go: 'push' });
  });
});

describe("what LINE's answer to a service send means", () => {
  const answer = (status: number, body: Record<string, unknown> = {}) => ({ status, body });

  it('keeps the renewed token and its count when accepted', () => {
    expect(sendOutcome(answer(200, { notificationToken: 'new', remainingCount: 2 }), false)).toEqual({ outcome: 'accepted', token: 'new', remaining: 2 });
    expect(sendOutcome(answer(200, { remainingCount: 0 }), false)).toEqual({ outcome: 'accepted', token: null, remaining: 0 });
  });

  it('falls back to the push for a channel not allowed, a template refused, a token expired or used up', () => {
    expect(sendOutcome(answer(403, { message: 'not allowed' }), false)).toMatchObject({ outcome: 'fallback', spendToken: false });
    expect(sendOutcome(answer(400, { message: 'Template not found' }), false)).toMatchObject({ outcome: 'fallback', spendToken: false });
    expect(sendOutcome(answer(404, { message: 'template not found' }), false)).toMatchObject({ outcome: 'fallback', spendToken: false });
    expect(sendOutcome(answer(400, { message: 'The notificationToken has expired' }), false)).toMatchObject({ outcome: 'fallback', spendToken: true });
    expect(sendOutcome(answer(400, { message: 'The remaining count of the notificationToken is 0' }), false)).toMatchObject({ outcome: 'fallback', spendToken: true });
    expect(sendOutcome(answer(400, { message: 'Invalid notificationToken' }), false)).toMatchObject({ outcome: 'fallback', spendToken: true });
    expect(sendOutcome({ status: null, error: 'no channel token', notSent: true }, false)).toMatchObject({ outcome: 'fallback', spendToken: false });
  });

  it('on a re-send, reads a refusal of the token as the earlier send having spent it', () => {
    for (const message of ['Invalid notificationToken', 'The notificationToken has expired', 'The remaining count of the notificationToken is 0']) {
      expect(sendOutcome(answer(400, { message }), true)).toMatchObject({ outcome: 'deliveredBefore' });
    }
    // Refusals that are not about the token say the earlier send was refused too: push.
    expect(sendOutcome(answer(400, { message: 'Template not found' }), true)).toMatchObject({ outcome: 'fallback' });
    expect(sendOutcome(answer(403, {}), true)).toMatchObject({ outcome: 'fallback' });
    // Nothing can be known of a re-send that could not even be made: retried, never pushed.
    expect(sendOutcome({ status: null, error: 'no channel token', notSent: true }, true)).toMatchObject({ outcome: 'retry' });
  });

  it('retries what may have passed or is passing: no answer, 5xx, 429, 408, and our channel token refused', () => {
    expect(sendOutcome({ status: null, error: 'timed out after 10 ms' }, false)).toMatchObject({ outcome: 'retry', channelTokenRefused: false });
    for (const status of [500, 503, 429, 408]) expect(sendOutcome(answer(status), false)).toMatchObject({ outcome: 'retry' });
    expect(sendOutcome(answer(401), false)).toMatchObject({ outcome: 'retry', channelTokenRefused: true });
  });
});

describe("what LINE's answer to a token request gives", () => {
  it('the token, its count and its expiry; or why none', () => {
    const now = new Date(NOW);
    expect(issueOutcome({ status: 200, body: { notificationToken: 't', expiresIn: 60, remainingCount: 5 } }, now)).toEqual({
      token: 't',
      remaining: 5,
      expiresAt: '2026-11-28T01:01:00.000Z',
    });
    expect(issueOutcome({ status: 200, body: {} }, now)).toEqual({ failed: 'no notificationToken in the answer' });
    expect(issueOutcome({ status: 400, body: { message: 'Invalid liffAccessToken' } }, now)).toEqual({ failed: 'HTTP 400: Invalid liffAccessToken' });
    expect(issueOutcome({ status: null, error: 'timed out' }, now)).toEqual({ failed: 'timed out' });
  });
});
