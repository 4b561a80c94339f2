/**
 * The synchronous HS256 check refuses every token jose's jwtVerify refused: forged, expired, for another
 * audience or issuer, `alg: none`, another algorithm, another key, critical extensions, malformed.
 * Tokens are made with jose itself (a real signer), never by our own code under test.
 */
import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ISSUED_HEADER, patientTokens } from './patient-tokens.js';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const key = new TextEncoder().encode(SECRET);
const tokens = patientTokens(SECRET, 12);

function signed(claims: Record<string, unknown>, options: { iss?: string; aud?: string | string[]; exp?: number | string; alg?: string; header?: Record<string, unknown>; sub?: string | null; signWith?: Uint8Array } = {}) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: options.alg ?? 'HS256', ...options.header });
  if (options.sub !== null) jwt.setSubject(options.sub ?? 'PWA_abc');
  return jwt
    .setIssuer(options.iss ?? 'clinic-queue')
    .setAudience(options.aud ?? 'patient')
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '1h')
    .sign(options.signWith ?? key);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('patient tokens', () => {
  it('accepts what it issued, with the uid and channel inside', async () => {
    expect(tokens.verify(await tokens.issue({ uid: 'PWA_x', channel: 'PWA' }))).toEqual({ uid: 'PWA_x', channel: 'PWA' });
    expect(tokens.verify(await tokens.issue({ uid: 'U123', channel: 'LINE' }))).toEqual({ uid: 'U123', channel: 'LINE' });
    expect(tokens.verify(await signed({ ch: 'PWA' }, { aud: ['other', 'patient'] }))).toEqual({ uid: 'PWA_abc', channel: 'PWA' });
  });

  it('recognises its own header as issued, and still decodes any other', async () => {
    // The shortcut in verifyHs256 must match what the issuer really writes, or every token would be decoded.
    expect((await tokens.issue({ uid: 'PWA_x', channel: 'PWA' })).split('.')[0]).toBe(ISSUED_HEADER);
    expect(tokens.verify(await signed({ ch: 'PWA' }, { header: { typ: 'JWT' } }))).toEqual({ uid: 'PWA_abc', channel: 'PWA' });
  });

  it('refuses a forged signature, a changed payload and another key', async () => {
    const good = await tokens.issue({ uid: 'PWA_x', channel: 'PWA' });
    const [h, p, s] = good.split('.');
    expect(tokens.verify(`${h}.${p}.${s.slice(0, -4)}AAAA`)).toBeNull();
    expect(tokens.verify(`${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'PWA_other' })}.${s}`)).toBeNull();
    expect(tokens.verify(await patientTokens('another-secret-0123456789abcdef', 12).issue({ uid: 'PWA_x', channel: 'PWA' }))).toBeNull();
    expect(tokens.verify(await signed({ ch: 'PWA' }, { signWith: new TextEncoder().encode('wrong-key') }))).toBeNull();
  });

  it('refuses a signature in a non-canonical encoding (same bytes, other last character)', async () => {
    const good = await tokens.issue({ uid: 'PWA_x', channel: 'PWA' });
    const last = good.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes end in a character whose low 2 bits are padding: its three siblings decode the same.
    const index = alphabet.indexOf(last);
    const sibling = alphabet[(index & ~3) | ((index + 1) & 3)];
    expect(Buffer.from(`${good.split('.')[2].slice(0, -1)}${sibling}`, 'base64url')).toEqual(Buffer.from(good.split('.')[2], 'base64url'));
    expect(tokens.verify(`${good.slice(0, -1)}${sibling}`)).toBeNull();
  });

  it('refuses an expired token, a token not yet valid, and one without expiry', async () => {
    expect(tokens.verify(await patientTokens(SECRET, -1).issue({ uid: 'PWA_x', channel: 'PWA' }))).toBeNull();
    expect(tokens.verify(await signed({ ch: 'PWA' }, { exp: Math.floor(Date.now() / 1000) }))).toBeNull();
    expect(tokens.verify(await signed({ ch: 'PWA', nbf: Math.floor(Date.now() / 1000) + 600 }))).toBeNull();
    const header = b64({ alg: 'HS256' });
    const payload = b64({ ch: 'PWA', sub: 'PWA_x', iss: 'clinic-queue', aud: 'patient' });
    const sig = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
    expect(tokens.verify(`${header}.${payload}.${sig}`)).toBeNull();
  });

  it('refuses another audience or issuer, a missing subject, an unknown channel', async () => {
    expect(tokens.verify(await signed({ ch: 'PWA' }, { aud: 'staff' }))).toBeNull();
    expect(tokens.verify(await signed({ ch: 'PWA' }, { iss: 'someone-else' }))).toBeNull();
    expect(tokens.verify(await signed({ ch: 'PWA' }, { sub: null }))).toBeNull();
    expect(tokens.verify(await signed({ ch: 'SMS' }))).toBeNull();
    expect(tokens.verify(await signed({}))).toBeNull();
  });

  it('refuses alg none, another HMAC algorithm with the same key, and critical extensions', async () => {
    const unsecured = new UnsecuredJWT({ ch: 'PWA' }).setSubject('PWA_x').setIssuer('clinic-queue').setAudience('patient').setExpirationTime('1h').encode();
    expect(tokens.verify(unsecured)).toBeNull();
    expect(tokens.verify(`${unsecured}AAAA`)).toBeNull();
    expect(tokens.verify(await signed({ ch: 'PWA' }, { alg: 'HS512' }))).toBeNull();
    // A header saying none over a real HS256 signature: the header is signed too, but check it anyway.
    const header = b64({ alg: 'none' });
    const payload = b64({ ch: 'PWA', sub: 'PWA_x', iss: 'clinic-queue', aud: 'patient', exp: Math.floor(Date.now() / 1000) + 600 });
    const sig = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
    expect(tokens.verify(`${header}.${payload}.${sig}`)).toBeNull();
    const crit = b64({ alg: 'HS256', crit: ['exp'] });
    const critSig = createHmac('sha256', key).update(`${crit}.${payload}`).digest('base64url');
    expect(tokens.verify(`${crit}.${payload}.${critSig}`)).toBeNull();
    // The same claims under a plain HS256 header pass: the refusals above are the header's doing.
    const plain = b64({ alg: 'HS256' });
    expect(tokens.verify(`${plain}.${payload}.${createHmac('sha256', key).update(`${plain}.${payload}`).digest('base64url')}`)).toEqual({ uid: 'PWA_x', channel: 'PWA' });
  });

  it('refuses malformed tokens', () => {
    for (const bad of ['', '.', '..', 'a.b', 'a.b.c.d', 'a..c', '.b.c', 'not a token', 'eyJ.eyJ.sig', `${b64([1])}.${b64({})}.x`]) {
      expect(tokens.verify(bad)).toBeNull();
    }
  });
});
