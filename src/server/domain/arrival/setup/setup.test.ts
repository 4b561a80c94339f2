import { expect, it } from 'vitest';
import { deskLink } from './setup.js';

const none = { liffId: null, liffIds: { book: null, all: null, my: null } };

it('links the printed QR code to the LINE mini-app’s my page when a LIFF app is configured, else to /line/my', () => {
  expect(deskLink('012345', none, 'https://clinic.example')).toBe('https://clinic.example/line/my?checkin=012345');
  expect(deskLink('012345', { ...none, liffId: '1234567890-AbCdEfGh' }, 'https://clinic.example')).toBe(
    'https://liff.line.me/1234567890-AbCdEfGh/my?checkin=012345',
  );
  // A clinic with a LIFF app of its own for /line/my: that app's bare URL opens the page.
  const own = { liffId: '1234567890-General', liffIds: { book: null, all: null, my: '1234567890-MyPage00' } };
  expect(deskLink('012345', own, 'https://clinic.example')).toBe('https://liff.line.me/1234567890-MyPage00?checkin=012345');
});
