/**
 * The set-up every staff-screen browser suite shares: real Chromium for the file, a real test server (one per
 * test, or one for the file), the staff's HTTP calls, reception opened when asked, and a desk signed in with
 * a staff cookie. Call it at the top of a `describeBrowser` body; its hooks come first, so the suite's own
 * before-hooks see the server, and its own after-hooks run before the fixture closes the server.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../../support/server.js';
import { DESK, deskContext, staffApi } from '../admin-support.js';
import { launchBrowser } from './browser.js';

export type StaffApi = Awaited<ReturnType<typeof staffApi>>;

export interface StaffScreenOptions {
  /** One server per test (the default: each test has its own clinic day) or one for the whole file. */
  per?: 'test' | 'file';
  /** The server's options (the client build is always served); may start the fakes it points at. */
  server?: () => TestServerOptions | Promise<TestServerOptions>;
  /** Reception opened through the staff API as each server starts: in-house only, or in-house and online. */
  reception?: 'inhouse' | 'both';
  /** A signed-in desk (`desk`, `page`) opened for every test, on `path` when given. */
  desk?: boolean | { path: string };
}

export interface StaffScreen {
  readonly browser: Browser;
  readonly server: TestServer;
  readonly staff: StaffApi;
  /** The desk opened by the `desk` option. */
  readonly desk: BrowserContext;
  readonly page: Page;
  /** A further desk signed in with a staff cookie (audio recorded, admin-support.ts); closed with the server. */
  openDesk(): Promise<BrowserContext>;
  /** A browser not signed in (the wall monitor, the sign-in form); closed with the server. */
  openBrowser(options?: BrowserContextOptions): Promise<BrowserContext>;
}

export function staffScreen(options: StaffScreenOptions = {}): StaffScreen {
  let browser: Browser | undefined;
  let server: TestServer | undefined;
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

  async function open() {
    server = await startTestServer({ ...(await options.server?.()), clientDir: inject('clientDir') });
    staff = await staffApi(server);
    if (options.reception) await staff('startInhouseReception');
    if (options.reception === 'both') await staff('startOnlineReception');
    if (options.desk) {
      desk = track(await deskContext(need(browser, 'browser'), server));
      page = await desk.newPage();
      if (typeof options.desk === 'object') await page.goto(`${server.url}${options.desk.path}`);
    }
  }
  async function close() {
    const contexts = opened;
    opened = [];
    desk = page = staff = undefined;
    await Promise.all(contexts.map((c) => c.close()));
    const closing = server;
    server = undefined;
    await closing?.close();
  }

  beforeAll(async () => {
    browser = await launchBrowser();
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
    get staff() {
      return need(staff, 'staff API');
    },
    get desk() {
      return need(desk, 'desk');
    },
    get page() {
      return need(page, 'desk page');
    },
    async openDesk() {
      return track(await deskContext(need(browser, 'browser'), need(server, 'server')));
    },
    async openBrowser(contextOptions = DESK) {
      return track(await need(browser, 'browser').newContext(contextOptions));
    },
  };
}
