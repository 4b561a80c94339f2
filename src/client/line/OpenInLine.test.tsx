// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenInLine } from './OpenInLine.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const NO_PAGE_APPS = { book: null, all: null, my: null };

const open = (
  query: string,
  liffId: string | null = '1650000000-AbCd',
  officialAccountUrl: string | null = null,
  liffIds: Record<'book' | 'all' | 'my', string | null> = NO_PAGE_APPS,
) => {
  window.history.replaceState(null, '', `/line/open-in-line${query}`);
  render(<OpenInLine apps={{ liffId, liffIds }} officialAccountUrl={officialAccountUrl} />);
  return screen.queryByRole('link', { name: 'LINEで開く' })?.getAttribute('href');
};

describe('open in LINE', () => {
  it('tells the patient to use LINE', () => {
    open('?to=book');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('LINEアプリからご利用ください');
  });

  it.each([
    ['?to=book', 'book'],
    ['?to=all', 'all'],
    ['?to=my', 'my'],
    ['?to=reservation', 'my'],
    ['?to=elsewhere', 'book'],
    ['', 'book'],
  ])('links %s to the mini-app page %s', (query, page) => {
    expect(open(query)).toBe(`https://liff.line.me/1650000000-AbCd/${page}`);
  });

  it('links a page with its own LIFF app to that app, and the others to the general one', () => {
    const own = { book: null, all: null, my: '1650000000-MyPage01' };
    expect(open('?to=reservation', '1650000000-AbCd', null, own)).toBe('https://liff.line.me/1650000000-MyPage01');
    cleanup();
    expect(open('?to=all', '1650000000-AbCd', null, own)).toBe('https://liff.line.me/1650000000-AbCd/all');
    cleanup();
    // Without a general app, a page's own app still opens that page.
    expect(open('?to=my', null, 'https://line.me/R/ti/p/@clinic', own)).toBe('https://liff.line.me/1650000000-MyPage01');
  });

  it('keeps the queue a link named, in the LIFF link LINE hands on as liff.state', () => {
    expect(open('?to=book&queue=qvacc')).toBe('https://liff.line.me/1650000000-AbCd/book?queue=qvacc');
    cleanup();
    expect(open('?to=book&queue=qvacc', '1650000000-AbCd', null, { book: '1650000000-Book0001', all: null, my: null })).toBe(
      'https://liff.line.me/1650000000-Book0001?queue=qvacc',
    );
    cleanup();
    // What is not a queue id is left out, and so is a queue with no LIFF app to carry it.
    expect(open('?to=book&queue=%22%3E%3Cx')).toBe('https://liff.line.me/1650000000-AbCd/book');
    cleanup();
    expect(open('?to=book&queue=qvacc', null, 'https://line.me/R/ti/p/@clinic')).toBe('https://line.me/R/ti/p/@clinic');
  });

  it('falls back to the official account without a LIFF id, and to no button without either', () => {
    expect(open('?to=my', null, 'https://line.me/R/ti/p/@clinic')).toBe('https://line.me/R/ti/p/@clinic');
    cleanup();
    expect(open('?to=my', null, null)).toBeUndefined();
  });
});
