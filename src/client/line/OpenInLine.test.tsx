// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenInLine } from './OpenInLine.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const open = (query: string, liffId: string | null = '1650000000-AbCd', officialAccountUrl: string | null = null) => {
  window.history.replaceState(null, '', `/line/open-in-line${query}`);
  render(<OpenInLine liffId={liffId} officialAccountUrl={officialAccountUrl} />);
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

  it('falls back to the official account without a LIFF id, and to no button without either', () => {
    expect(open('?to=my', null, 'https://line.me/R/ti/p/@clinic')).toBe('https://line.me/R/ti/p/@clinic');
    cleanup();
    expect(open('?to=my', null, null)).toBeUndefined();
  });
});
