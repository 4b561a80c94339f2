// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FooterNav } from './FooterNav.js';
import { tabOf } from './routes.js';

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});

const tabs = () => within(screen.getByRole('navigation', { name: 'メニュー' })).getAllByRole('link');
const current = () => tabs().filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);

describe('footer navigation', () => {
  it('has the three tabs in their order (list, take a number, mine) with their links, labels and icons', () => {
    render(<FooterNav active="book" />);
    expect(tabs().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['受付番号一覧', '/pwa/all'],
      ['受付番号予約', '/pwa/book'],
      ['予約状況', '/pwa/my'],
    ]);
    const icons = tabs().map((link) => {
      const svg = link.querySelector('svg')!;
      return [svg.dataset.icon, svg.getAttribute('width'), svg.getAttribute('aria-hidden')];
    });
    expect(icons).toEqual([
      ['menu-all', '26', 'true'],
      ['menu-book', '34', 'true'],
      ['menu-my', '26', 'true'],
    ]);
    // Real drawings, not empty placeholders.
    for (const link of tabs()) expect(link.querySelector('svg path, svg circle, svg rect')).not.toBeNull();
  });

  it.each([
    ['/pwa/all', '受付番号一覧'],
    ['/pwa/all/extra', '受付番号一覧'],
    ['/pwa/book', '受付番号予約'],
    ['/pwa/my', '予約状況'],
    ['/pwa/my/', '予約状況'],
  ])('on %s marks %s as the current page, and only it', (path, label) => {
    render(<FooterNav active={tabOf(path)} />);
    expect(current()).toEqual([label]);
  });

  it('marks nothing where no tab belongs', () => {
    render(<FooterNav active={null} />);
    expect(current()).toEqual([]);
  });

  it('navigates inside the app without reloading the page', () => {
    window.history.replaceState(null, '', '/pwa/book');
    render(<FooterNav active="book" />);
    fireEvent.click(screen.getByRole('link', { name: '予約状況' }));
    expect(window.location.pathname).toBe('/pwa/my');
  });
});
