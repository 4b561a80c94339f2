/**
 * The set-up every staff-screen browser suite shares: real Chromium for the file, a real test server (one per
 * test, or one for the file) with the outside fake it points at, the staff's HTTP calls, reception opened when
 * asked, and a desk signed in with a staff cookie. Call it at the top of a `describeBrowser` body; its hooks
 * come first, so the suite's own before-hooks see the server, and its own after-hooks (closing what the suite
 * opened, checking the fake saw nothing unexpected) run before the fixture closes the server and the fake.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { mustCall, staffCookie } from '../../support/client.js';
import { startTestServer, type TestServer, type TestServerOptions } from '../../support/server.js';
import { DESK, deskContext } from '../admin-support.js';
import { launchBrowser } from './browser.js';

export type StaffApi = <T = unknown>(name: string, data?: unknown) => Promise<T>;

/** A fake of the outside world (LINE, a push service) the server is pointed at. */
export interface OutsideFake {
  close(): Promise<void>;
}

export interface StaffScreenOptions<F extends OutsideFake> {
  /** One server per test (the default: each test has its own clinic day) or one for the whole file. */
  per?: 'test' | 'file';
  /** Started before each server and closed after it; the `server` options are made from it. */
  fake?: () => Promise<F>;
  /** The server's options (the shared client build unless they name another). */
  server?: (fake: F) => TestServerOptions | Promise<TestServerOptions>;
  /** Chromium shared by the file (the default); off where every screen launches a Chromium of its own. */
  browser?: boolean;
  /** Reception opened through the staff API as each server starts: in-house only, or in-house and online. */
  reception?: 'inhouse' | 'both';
  /** A signed-in desk (`desk`, `page`) opened for every test, on `path` when given. */
  desk?: boolean | { path: string };
}

export interface StaffScreen<F extends OutsideFake> {
  readonly browser: Browser;
  readonly server: TestServer;
  readonly fake: F;
  /** Staff calls over HTTP, for setting up a state quickly. */
  readonly staff: StaffApi;
  /** The staff session cookie `staff` carries (for the staff live stream). */
  readonly cookie: string;
  /** The desk opened by the `desk` option. */
  readonly desk: BrowserContext;
  readonly page: Page;
  /** In-house and online reception opened through the staff API. */
  openReception(): Promise<void>;
  /**
   * A further desk signed in with a staff cookie (audio recorded, admin-support.ts), at the desk's screen
   * unless given other context options (a tablet); closed with the server.
   */
  openDesk(contextOptions?: BrowserContextOptions): Promise<BrowserContext>;
  /** A browser not signed in (the wall monitor, the sign-in form); closed with the server. */
  openBrowser(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export function staffScreen<F extends OutsideFake = never>(options: StaffScreenOptions<F> = {}): StaffScreen<F> {
  let browser: Browser | undefined;
  let server: TestServer | undefined;
  let fake: F | undefined;
  let cookie: string | undefined;
  let staff: StaffApi | undefined;
  let desk: BrowserContext | undefined;
  let page: Page | undefined;
  let opened: BrowserContext[] = [];
  const perFile = options.per === 'file';

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`staffScreen: no ${what} (outside a test, or the option is off)`);
    return value;
  };
  const track = (context: BrowserContext) => {
    opened.push(context);
    return context;
  };
  const openReception = async () => {
    await need(staff, 'staff API')('startInhouseReception');
    await need(staff, 'staff API')('startOnlineReception');
  };

  async function open() {
    if (options.fake) fake = await options.fake();
    server = await startTestServer({ clientDir: inject('clientDir'), ...(await options.server?.(fake as F)) });
    const url = server.url;
    const signedIn = (cookie = await staffCookie(url, server.store));
    staff = <T>(name: string, data: unknown = {}) => mustCall<T>(url, name, data, { cookie: signedIn });
    if (options.reception === 'inhouse') await staff('startInhouseReception');
    if (options.reception === 'both') await openReception();
    if (options.desk) {
      desk = track(await deskContext(need(browser, 'browser'), server));
      page = await desk.newPage();
      if (typeof options.desk === 'object') await page.goto(`${server.url}${options.desk.path}`);
    }
  }
  async function close() {
    const contexts = opened;
    opened = [];
    desk = page = staff = cookie = undefined;
    const [closingServer, closingFake] = [server, fake];
    server = fake = undefined;
    try {
      await Promise.all(contexts.map((c) => c.close()));
      await closingServer?.close();
    } finally {
      await closingFake?.close();
    }
  }

  beforeAll(async () => {
    if (options.browser !== false) browser = await launchBrowser();
    if (perFile) await open();
  });
  afterAll(async () => {
    try {
      if (perFile) await close();
    } finally {
      await browser?.close();
    }
  });
  if (!perFile) {
    beforeEach(open);
    afterEach(close);
  }

  return {
    get browser() {
      return need(browser, 'browser');
    },
    get server() {
      return need(server, 'server');
    },
    get fake() {
      return need(fake, 'fake');
    },
    get staff() {
      return need(staff, 'staff API');
    },
    get cookie() {
      return need(cookie, 'staff cookie');
    },
    get desk() {
      return need(desk, 'desk');
    },
    get page() {
      return need(page, 'desk page');
    },
    openReception,
    async openDesk(contextOptions) {
      return track(await deskContext(need(browser, 'browser'), need(server, 'server'), contextOptions));
    },
    async openBrowser(contextOptions = DESK) {
      return track(await need(browser, 'browser').newContext(contextOptions));
    },
  };
}
