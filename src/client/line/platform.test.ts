import { describe, expect, it } from 'vitest';
import { decideLineRoute, detectDevice, type DeviceKind, linkedQueue, openInLineTarget, pageOf, requestedPath } from './platform.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('device detection (LINE\'s user agents)', () => {
  it.each([
    [`${IPHONE} Safari Line/15.12.1 LIFF`, 'liff'],
    [`${IPHONE} Safari Line/15.12.1`, 'line'],
    [`${ANDROID} Line/13.4.1/IAB`, 'line'],
    [`${ANDROID} Line/13.4.1/IAB LIFF`, 'liff'],
    [IPHONE, 'mobile'],
    [ANDROID, 'mobile'],
    [WINDOWS, 'desktop'],
    [MAC, 'desktop'],
    // "Line" inside another word is not LINE.
    [`${WINDOWS} Pipeline/2.0`, 'desktop'],
  ] as [string, DeviceKind][])('%s → %s', (ua, kind) => {
    expect(detectDevice(ua)).toBe(kind);
  });

  it('counts an iPad asking for the desktop site (Mac UA with touch) as mobile', () => {
    expect(detectDevice(MAC, 5)).toBe('mobile');
  });
});

describe('pages and targets', () => {
  it('knows the /line pages, with or without a trailing slash', () => {
    expect(pageOf('/line/book')).toBe('book');
    expect(pageOf('/line/my/')).toBe('my');
    expect(pageOf('/line/open-in-line')).toBe('openInLine');
    expect(pageOf('/line/callback')).toBe('callback');
    expect(pageOf('/line')).toBeNull();
    expect(pageOf('/line/booking')).toBeNull();
  });

  it('reads the page of a LIFF link from liff.state at the endpoint only', () => {
    expect(requestedPath('/line', new URLSearchParams('liff.state=%2Fall'))).toBe('/line/all');
    expect(requestedPath('/line/', new URLSearchParams('liff.state=my%3Fx%3D1'))).toBe('/line/my');
    expect(requestedPath('/line/book', new URLSearchParams('liff.state=%2Fall'))).toBe('/line/book');
    expect(requestedPath('/line', new URLSearchParams(''))).toBe('/line');
  });

  it('maps /open-in-line?to= to book, all or my (reservation → my, anything else → book)', () => {
    expect(openInLineTarget('book')).toBe('book');
    expect(openInLineTarget('all')).toBe('all');
    expect(openInLineTarget('my')).toBe('my');
    expect(openInLineTarget('reservation')).toBe('my');
    expect(openInLineTarget('admin')).toBe('book');
    expect(openInLineTarget(null)).toBe('book');
  });
});

describe('routing decisions (/line)', () => {
  const decide = (path: string, device: DeviceKind, search = '', clinicSiteUrl: string | null = 'https://clinic.example/') =>
    decideLineRoute({ path, search: new URLSearchParams(search), device, clinicSiteUrl });

  it('sends desktop visitors to the clinic site', () => {
    expect(decide('/line/my', 'desktop')).toEqual({ kind: 'external', url: 'https://clinic.example/' });
    expect(decide('/line/closed', 'desktop')).toEqual({ kind: 'external', url: 'https://clinic.example/' });
  });

  it('treats desktop like other browsers when no clinic site is configured', () => {
    expect(decide('/line/my', 'desktop', '', null)).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=my' });
  });

  it('sends mobile browsers outside LINE to /open-in-line with the page they asked for', () => {
    expect(decide('/line/book', 'mobile')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=book' });
    expect(decide('/line/all', 'mobile')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=all' });
    expect(decide('/line/my', 'mobile')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=my' });
    expect(decide('/line/reserved', 'mobile')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=reservation' });
    expect(decide('/line/callback', 'mobile')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=book' });
    expect(decide('/line/unknown', 'mobile')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=book' });
    expect(decide('/line', 'mobile', 'liff.state=%2Fmy')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=my' });
  });

  it('shows /open-in-line and /closed to mobile browsers outside LINE', () => {
    expect(decide('/line/open-in-line', 'mobile', 'to=all')).toEqual({ kind: 'page', page: 'openInLine' });
    expect(decide('/line/closed', 'mobile')).toEqual({ kind: 'page', page: 'closed' });
  });

  it('inside LINE shows every page and sends anything else to /line/book', () => {
    for (const device of ['line', 'liff'] as const) {
      expect(decide('/line/book', device)).toEqual({ kind: 'page', page: 'book' });
      expect(decide('/line/reserved', device)).toEqual({ kind: 'page', page: 'reserved' });
      expect(decide('/line/callback', device)).toEqual({ kind: 'page', page: 'callback' });
      expect(decide('/line/open-in-line', device)).toEqual({ kind: 'page', page: 'openInLine' });
      expect(decide('/line/nothing', device)).toEqual({ kind: 'redirect', to: '/line/book' });
      expect(decide('/line', device)).toEqual({ kind: 'redirect', to: '/line/book' });
    }
    // LINE's ordinary browser does not run LIFF, so nothing else restores a LIFF link's page.
    expect(decide('/line', 'line', 'liff.state=%2Fall')).toEqual({ kind: 'redirect', to: '/line/all' });
  });
});

describe('a link naming a queue keeps it on the way to the book page (?queue=, decision 061)', () => {
  const decideQueue = (path: string, device: DeviceKind, query: string) =>
    decideLineRoute({ path, search: new URLSearchParams(query), device, clinicSiteUrl: null });

  it('reads the queue from the address or from inside liff.state, and only a queue id', () => {
    expect(linkedQueue(new URLSearchParams('queue=qvacc'))).toBe('qvacc');
    expect(linkedQueue(new URLSearchParams('liff.state=%2Fbook%3Fqueue%3Dqvacc'))).toBe('qvacc');
    expect(linkedQueue(new URLSearchParams('liff.state=%3Fqueue%3Dqvacc%23top'))).toBe('qvacc');
    expect(linkedQueue(new URLSearchParams('liff.state=%2Fbook'))).toBeNull();
    expect(linkedQueue(new URLSearchParams(''))).toBeNull();
    for (const bad of ['Q1', 'a b', 'x'.repeat(33), '', '../all']) expect(linkedQueue(new URLSearchParams({ queue: bad })), bad).toBeNull();
  });

  it('sends a browser outside LINE to /open-in-line with the queue', () => {
    expect(decideQueue('/line/book', 'mobile', 'queue=qvacc')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=book&queue=qvacc' });
    expect(decideQueue('/line', 'mobile', 'liff.state=%2Fbook%3Fqueue%3Dqvacc')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=book&queue=qvacc' });
    expect(decideQueue('/line/book', 'desktop', 'queue=qvacc')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=book&queue=qvacc' });
    // Nothing that is not a queue id goes along.
    expect(decideQueue('/line/book', 'mobile', 'queue=%3Cx%3E')).toEqual({ kind: 'redirect', to: '/line/open-in-line?to=book' });
  });

  it("keeps the queue when LINE's own browser arrives at the endpoint with liff.state", () => {
    expect(decideQueue('/line', 'line', 'liff.state=%2Fbook%3Fqueue%3Dqvacc')).toEqual({ kind: 'redirect', to: '/line/book?queue=qvacc' });
    expect(decideQueue('/line', 'line', 'liff.state=%2Fbook')).toEqual({ kind: 'redirect', to: '/line/book' });
    expect(decideQueue('/line/book', 'liff', 'queue=qvacc')).toEqual({ kind: 'page', page: 'book' });
  });
});
