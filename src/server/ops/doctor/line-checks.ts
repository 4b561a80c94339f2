/** The LINE checks: Login channel, callback URL, LIFF apps, Messaging API token and quota. */
import type { Config } from '../../config.js';
import { LIFF_PAGES, type LiffPage } from '../../../shared/line/liff-apps.js';
import type { CheckResult, DoctorFacts, Probe } from './facts.js';
import { LINE_CONSOLE, numberField, unreachable, unreachableFix } from './probe-text.js';

const fail = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'fail', detail, fix });
const warn = (name: string, detail: string, fix: string): CheckResult => ({ name, status: 'warn', detail, fix });
const ok = (name: string, detail: string): CheckResult => ({ name, status: 'ok', detail });

export function checkLoginChannel({ config, login }: DoctorFacts): CheckResult {
  const name = 'LINE Login channel';
  const where = `${LINE_CONSOLE} → your LINE Login channel → Basic settings`;
  const id = config.LINE_LOGIN_CHANNEL_ID;
  if (!id) return fail(name, 'LINE_LOGIN_CHANNEL_ID is not set', `set LINE_LOGIN_CHANNEL_ID to the Channel ID from ${where}`);
  if (!/^\d+$/.test(id)) return fail(name, `LINE_LOGIN_CHANNEL_ID "${id}" is not a number`, `copy the numeric Channel ID from ${where}`);
  if (!config.LINE_LOGIN_CHANNEL_SECRET) {
    return fail(name, 'LINE_LOGIN_CHANNEL_SECRET is not set', `set LINE_LOGIN_CHANNEL_SECRET to the Channel secret from ${where}`);
  }
  if (!login.token) return warn(name, 'id and secret set but not checked with LINE', 'run the doctor again');
  const token = login.token;
  const down = unreachable(token, config.LINE_API_BASE_URL);
  if (down || token.kind !== 'answer') return fail(name, `${down}: the channel id and secret could not be checked`, unreachableFix);
  if (token.status !== 200) {
    const error = typeof token.body.error === 'string' ? ` (${token.body.error})` : '';
    return fail(
      name,
      `LINE refused channel ${id} with this secret: ${token.status}${error}`,
      `copy the Channel ID and Channel secret again from ${where} (a reissued secret replaces the old one)`,
    );
  }
  return ok(name, `channel ${id}: LINE accepted the id and secret`);
}

export function checkCallbackUrl({ config }: DoctorFacts): CheckResult {
  const name = 'LINE Login callback URL';
  if (!config.PUBLIC_ORIGIN) {
    return fail(name, 'unknown: PUBLIC_ORIGIN is not set', 'set PUBLIC_ORIGIN (see "public origin"); the doctor then prints the URL to register');
  }
  // LINE has no API that reads the registered callback URL back: this line can only say what to register.
  return ok(
    name,
    `register ${config.PUBLIC_ORIGIN}/line/callback as the Callback URL of the LINE Login channel (LINE Login tab; LINE offers no way to check it from here)`,
  );
}

interface LiffApp {
  liffId: string;
  url: string;
}

function liffAppsOf(probe: Probe | null): LiffApp[] | null {
  if (!probe || probe.kind !== 'answer') return null;
  if (probe.status === 404) return []; // LINE's answer for a channel without LIFF apps
  if (probe.status !== 200 || !Array.isArray(probe.body.apps)) return null;
  return (probe.body.apps as { liffId?: unknown; view?: { url?: unknown } }[]).map((a) => ({
    liffId: String(a.liffId ?? ''),
    url: String(a.view?.url ?? ''),
  }));
}

const liffSettings: Record<'general' | LiffPage, keyof Config> = {
  general: 'LINE_LIFF_ID',
  book: 'LINE_LIFF_ID_BOOK',
  all: 'LINE_LIFF_ID_ALL',
  my: 'LINE_LIFF_ID_MY',
};

/** One line for the general LIFF app, and one for each page that has its own (docs/product.md, "/line"). */
export function checkLiffApps(facts: DoctorFacts): CheckResult[] {
  const { config } = facts;
  const pages = LIFF_PAGES.filter((page) => config[liffSettings[page]]);
  return [checkLiffApp(facts, 'general'), ...pages.map((page) => checkLiffApp(facts, page))];
}

function checkLiffApp({ config, login }: DoctorFacts, which: 'general' | LiffPage): CheckResult {
  const setting = liffSettings[which];
  const name = `LIFF app (${which === 'general' ? 'general, /line' : `/line/${which}`})`;
  const id = config[setting] as string | undefined;
  const endpoint = config.PUBLIC_ORIGIN ? `${config.PUBLIC_ORIGIN}/line${which === 'general' ? '' : `/${which}`}` : null;
  const addApp = `add a LIFF app to the LINE Login channel (LIFF tab) with the endpoint URL ${endpoint ?? 'https://<PUBLIC_ORIGIN>/line'}`;
  if (!id) return fail(name, `${setting} is not set`, `${addApp}, and set ${setting} to its LIFF ID`);
  const shape = /^(\d+)-[A-Za-z0-9]+$/.exec(id);
  if (!shape) return fail(name, `${setting} "${id}" is not a LIFF ID (like 1234567890-AbCdEfGh)`, `copy the LIFF ID from the LIFF tab of the LINE Login channel`);
  if (config.LINE_LOGIN_CHANNEL_ID && shape[1] !== config.LINE_LOGIN_CHANNEL_ID) {
    return fail(
      name,
      `${setting} ${id} belongs to channel ${shape[1]}, not to LINE_LOGIN_CHANNEL_ID ${config.LINE_LOGIN_CHANNEL_ID}`,
      'use a LIFF app of the same LINE Login channel (a LIFF ID begins with its channel id)',
    );
  }
  const apps = liffAppsOf(login.apps);
  if (!apps) return warn(name, `${id} is well-formed; its endpoint could not be read from LINE`, 'fix the LINE Login channel check above, then run the doctor again');
  const app = apps.find((a) => a.liffId === id);
  if (!app) return fail(name, `LINE has no LIFF app ${id} in channel ${config.LINE_LOGIN_CHANNEL_ID}`, `${addApp}, or correct ${setting}`);
  if (endpoint && app.url.replace(/\/+$/, '') !== endpoint) {
    return fail(name, `${id}'s endpoint URL is ${app.url || '(none)'}`, `set the endpoint URL of LIFF app ${id} to ${endpoint} (LIFF tab of the LINE Login channel)`);
  }
  return ok(name, `${id}, endpoint ${app.url}`);
}

export function checkMessagingToken({ config, messaging }: DoctorFacts): CheckResult {
  const name = 'Messaging API token';
  const where = `${LINE_CONSOLE} → your Messaging API channel → Messaging API tab → Channel access token (long-lived)`;
  if (!config.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN) {
    return fail(name, 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN is not set: no LINE notices or recalls', `issue a token at ${where} and set LINE_MESSAGING_CHANNEL_ACCESS_TOKEN`);
  }
  const bot = messaging.bot;
  if (!bot) return warn(name, 'not checked', 'run the doctor again');
  const down = unreachable(bot, config.LINE_API_BASE_URL);
  if (down || bot.kind !== 'answer') return fail(name, `${down}: the token could not be checked`, unreachableFix);
  if (bot.status !== 200) {
    return fail(name, `LINE refused the token: ${bot.status}`, `issue a new token at ${where} and set LINE_MESSAGING_CHANNEL_ACCESS_TOKEN to it`);
  }
  const { displayName, basicId } = bot.body;
  return ok(name, `valid: official account ${String(displayName ?? '')} (${String(basicId ?? '')})`);
}

export function checkMessagingQuota({ config, messaging }: DoctorFacts): CheckResult {
  const name = 'Messaging API quota';
  const { quota, consumption } = messaging;
  if (!quota || !consumption) return warn(name, 'not checked: needs a valid Messaging API token', 'fix the Messaging API token first');
  const down = unreachable(quota, config.LINE_API_BASE_URL) ?? unreachable(consumption, config.LINE_API_BASE_URL);
  if (down) return fail(name, down, unreachableFix);
  if (quota.kind !== 'answer' || consumption.kind !== 'answer' || quota.status !== 200 || consumption.status !== 200) {
    return warn(name, 'LINE did not give the quota', 'look at the quota in LINE Official Account Manager');
  }
  const used = numberField(consumption.body, 'totalUsage') ?? 0;
  const limit = quota.body.type === 'limited' ? numberField(quota.body, 'value') : null;
  if (limit === null) return ok(name, `no monthly limit; ${used} messages sent this month`);
  const left = limit - used;
  const upgrade = "LINE refuses pushes until next month: raise the plan in LINE Official Account Manager, or send fewer notices by LINE (/admin/messages)";
  if (left <= 0) return fail(name, `the monthly quota is used up: ${used} of ${limit} messages sent`, upgrade);
  if (left < Math.max(20, limit * 0.1)) return warn(name, `${left} of ${limit} messages left this month`, upgrade.replace('refuses pushes until next month', 'will soon refuse pushes'));
  return ok(name, `${left} of ${limit} messages left this month`);
}
