// @vitest-environment happy-dom
/** The desk sheet's `?checkin=` link (issue 34): read, kept in the tab across LINE's sign-in, and taken off the address. */
import { afterEach, describe, expect, it } from 'vitest';
import { clearCheckinLink, readCheckinLink } from './checkin-link.js';

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the check-in link', () => {
  it('reads the code from the address and keeps it for this tab', () => {
    window.history.replaceState(null, '', '/line/my?checkin=482913');
    expect(readCheckinLink()).toBe('482913');
    // LINE's sign-in comes back to /line/my without the query: the code is still there.
    window.history.replaceState(null, '', '/line/my');
    expect(readCheckinLink()).toBe('482913');
  });

  it('ignores anything that is not digits', () => {
    window.history.replaceState(null, '', '/pwa/my?checkin=%3Cscript%3E');
    expect(readCheckinLink()).toBeNull();
    window.history.replaceState(null, '', '/pwa/my?checkin=');
    expect(readCheckinLink()).toBeNull();
  });

  it('is forgotten and taken off the address, the rest of the address kept', () => {
    window.history.replaceState(null, '', '/pwa/my?checkin=1234&x=1#top');
    expect(readCheckinLink()).toBe('1234');
    clearCheckinLink();
    expect(`${location.pathname}${location.search}${location.hash}`).toBe('/pwa/my?x=1#top');
    expect(readCheckinLink()).toBeNull();
  });
});
