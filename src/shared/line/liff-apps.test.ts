import { describe, expect, it } from 'vitest';
import { liffIdFor, liffPageUrl, type LiffApps } from './liff-apps.js';

const general: LiffApps = { liffId: '1650000000-General1', liffIds: { book: null, all: null, my: null } };
const four: LiffApps = {
  liffId: '1650000000-General1',
  liffIds: { book: '1650000000-BookPage', all: '1650000000-AllPage1', my: '1650000000-MyPage01' },
};

describe('which LIFF app a /line page initialises with', () => {
  it('uses the general app when no page has its own', () => {
    for (const page of ['book', 'all', 'my', 'reserved', 'closed', null]) expect(liffIdFor(page, general)).toBe('1650000000-General1');
  });

  it("uses a page's own app on that page and the general one elsewhere", () => {
    expect(liffIdFor('book', four)).toBe('1650000000-BookPage');
    expect(liffIdFor('all', four)).toBe('1650000000-AllPage1');
    expect(liffIdFor('my', four)).toBe('1650000000-MyPage01');
    // The endpoint root (a liff.state link of the general app) and the other pages belong to the general app.
    expect(liffIdFor(null, four)).toBe('1650000000-General1');
    expect(liffIdFor('reserved', four)).toBe('1650000000-General1');
    expect(liffIdFor('callback', four)).toBe('1650000000-General1');
  });

  it('falls back page by page, and to nothing without any LIFF app', () => {
    const onlyMy: LiffApps = { liffId: '1650000000-General1', liffIds: { book: null, all: null, my: '1650000000-MyPage01' } };
    expect(liffIdFor('book', onlyMy)).toBe('1650000000-General1');
    expect(liffIdFor('my', onlyMy)).toBe('1650000000-MyPage01');
    const none: LiffApps = { liffId: null, liffIds: { book: null, all: null, my: null } };
    expect(liffIdFor('my', none)).toBeNull();
    expect(liffIdFor('book', { liffId: null, liffIds: { ...none.liffIds, my: 'x' } })).toBeNull();
  });
});

describe('the LIFF URL of a page', () => {
  it("is the page's own app's bare URL (its endpoint is the page), else the general app's URL with the page as path", () => {
    expect(liffPageUrl('my', four)).toBe('https://liff.line.me/1650000000-MyPage01');
    expect(liffPageUrl('my', general)).toBe('https://liff.line.me/1650000000-General1/my');
    expect(liffPageUrl('all', { ...four, liffIds: { ...four.liffIds, all: null } })).toBe('https://liff.line.me/1650000000-General1/all');
    expect(liffPageUrl('book', { liffId: null, liffIds: { book: null, all: null, my: null } })).toBeNull();
  });
});
