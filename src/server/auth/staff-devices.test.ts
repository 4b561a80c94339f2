import { describe, expect, it } from 'vitest';
import { DEVICE_DAYS, deviceTokens, newDeviceId } from './staff-devices.js';

const SECRET = 'a-server-secret-0123456789abcdef';
const tokens = deviceTokens(SECRET);
const device = (staffId: string, epoch = 0) => ({ staffId, deviceId: newDeviceId(), epoch });

describe('device tokens (decision 056)', () => {
  it('reads back what it issued, and nothing forged, expired or of another server', async () => {
    const mine = device('staff-1', 3);
    const token = await tokens.issue(mine);
    expect(await tokens.verify(token)).toEqual(mine);
    const [h, p, s] = token.split('.');
    expect(await tokens.verify(`${h}.${p}.${s!.slice(0, -4)}AAAA`)).toBeNull();
    const other = JSON.parse(Buffer.from(p!, 'base64url').toString());
    expect(await tokens.verify(`${h}.${Buffer.from(JSON.stringify({ ...other, sub: 'staff-2' })).toString('base64url')}.${s}`)).toBeNull();
    expect(await tokens.verify(await deviceTokens('another-secret-0123456789abcdef').issue(mine))).toBeNull();
    const later = new Date(Date.now() + (DEVICE_DAYS + 1) * 86_400_000);
    expect(await tokens.verify(token, later)).toBeNull();
    expect(await tokens.verify('v1.e30.x')).toBeNull();
  });

  it("finds the account's device at its current generation only", async () => {
    const mine = device('staff-1', 2);
    const cookie = await tokens.withToken(undefined, await tokens.issue(mine), 'staff-1');
    expect(await tokens.deviceFor(cookie, { id: 'staff-1', epoch: 2 })).toEqual(mine);
    expect(await tokens.deviceFor(cookie, { id: 'staff-1', epoch: 3 })).toBeNull();
    expect(await tokens.deviceFor(cookie, { id: 'staff-2', epoch: 2 })).toBeNull();
  });

  it('keeps the newest token per account in one cookie, at most four accounts', async () => {
    let cookie: string | undefined;
    for (const id of ['a', 'b', 'c', 'd', 'e']) cookie = await tokens.withToken(cookie, await tokens.issue(device(id)), id);
    const held = async (id: string) => (await tokens.deviceFor(cookie, { id, epoch: 0 }))?.staffId ?? null;
    expect(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(held))).toEqual([null, 'b', 'c', 'd', 'e']);
    const renewed = device('c');
    cookie = await tokens.withToken(cookie, await tokens.issue(renewed), 'c');
    expect(cookie.split('~')).toHaveLength(4);
    expect(await tokens.deviceFor(cookie, { id: 'c', epoch: 0 })).toEqual(renewed);
  });
});
