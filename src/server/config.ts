/**
 * Every setting comes from the environment (and `.env`), checked once at start with one schema, so a
 * clinic's IT person gets a clear message at 7 a.m. instead of a crash at the first patient.
 */
import { z } from 'zod';
import type { LiffApps } from '../shared/line/liff-apps.js';
import { DEFAULT_DATA_DIR } from './boot/data-dir.js';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const PUSH_HOST_ENTRY = /^((\*\.)?[a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/;
/** What a service message template's keys can be filled with (notify/service-sender.ts words each). */
export const SERVICE_PARAM_VALUES = ['number', 'ahead', 'clinic', 'message'] as const;
export type ServiceParamValue = (typeof SERVICE_PARAM_VALUES)[number];
const SERVICE_PARAM_ENTRY = new RegExp(`^[A-Za-z0-9_]{1,50}=(${SERVICE_PARAM_VALUES.join('|')})$`);
const url = (fallback: string) => z.url().default(fallback).transform((v) => v.replace(/\/+$/, ''));

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: optionalText.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://').optional(),
  ),
  PG_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // A request taking at least this long logs one warning with its timings (the live streams excepted).
  SLOW_REQUEST_MS: z.coerce.number().min(0).default(1000),
  TOKEN_SECRET: optionalText.pipe(z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional()),
  PATIENT_TOKEN_HOURS: z.coerce.number().positive().max(24 * 30).default(24),
  STAFF_SESSION_HOURS: z.coerce.number().positive().max(24 * 30).default(12),
  CLINIC_NAME: z.string().default('クリニック'),
  // off: the calendar only shows the clinic's hours to patients; reception is switched by hand alone.
  SCHEDULE_SWITCHING: z.enum(['on', 'off']).default('on'),
  LINE_LOGIN_CHANNEL_ID: optionalText,
  LINE_LOGIN_CHANNEL_SECRET: optionalText,
  LINE_API_BASE_URL: url('https://api.line.me'),
  // The Messaging API's own host for content such as the rich menu's image (npm run line:richmenu).
  LINE_API_DATA_BASE_URL: url('https://api-data.line.me'),
  LINE_ACCESS_BASE_URL: url('https://access.line.me'),
  // The SMS provider's API (Twilio's Messages API, decision 070); tests point it at a local fake. SMS itself is
  // switched on and its account entered on /admin/messages.
  SMS_API_BASE_URL: url('https://api.twilio.com'),
  LINE_LIFF_ID: optionalText,
  // A clinic moving from a set-up with one LIFF app per page keeps them (docs/product.md, "/line"; src/shared/line/liff-apps.ts).
  LINE_LIFF_ID_BOOK: optionalText,
  LINE_LIFF_ID_ALL: optionalText,
  LINE_LIFF_ID_MY: optionalText,
  LINE_OFFICIAL_ACCOUNT_URL: optionalText.pipe(z.url().optional()),
  LINE_BOT_PROMPT: z.enum(['normal', 'aggressive', 'none']).default('aggressive'),
  // The Messaging API bot's own user id (the `destination` of LINE's webhook deliveries): set, a delivery
  // naming another bot is not this clinic's (decision 079).
  LINE_BOT_USER_ID: optionalText.pipe(z.string().regex(/^U[0-9a-f]{32}$/, "LINE_BOT_USER_ID is the bot's user id: U and 32 hex digits").optional()),
  CLINIC_SITE_URL: optionalText.pipe(z.url().optional()),
  // Where patients and LINE reach this server; `npm run doctor` derives the callback and LIFF URLs from it.
  PUBLIC_ORIGIN: optionalText.pipe(
    z
      .url()
      .transform((v) => v.replace(/\/+$/, ''))
      .refine((v) => /^https?:\/\/[^/?#]+$/.test(v), 'PUBLIC_ORIGIN must be a scheme and host only, e.g. https://queue.example.jp')
      .optional(),
  ),
  // The deployment's group page host (decision 081): group accounts sign in there; it reaches no clinic.
  GROUP_HOST: optionalText.pipe(
    z
      .string()
      .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/, 'GROUP_HOST is a lower-case host name without scheme or port, e.g. group.example.jp')
      .optional(),
  ),
  DOCTOR_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: optionalText,
  // Checks the signature of LINE's webhook deliveries (/line/webhook, decision 052); unset: every delivery is refused.
  LINE_MESSAGING_CHANNEL_SECRET: optionalText,
  // LINE MINI App service messages (issue 37, docs/decisions/051): the MINI App channel (its own channel type,
  // not the LINE Login channel), the template LINE approved for it, and which of our values fill its keys.
  // Off while LINE_SERVICE_TEMPLATE is unset: every LINE notice is a Messaging API push, as before.
  LINE_MINIAPP_CHANNEL_ID: optionalText,
  LINE_MINIAPP_CHANNEL_SECRET: optionalText,
  LINE_SERVICE_TEMPLATE: optionalText.pipe(z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'LINE_SERVICE_TEMPLATE is a template name such as queue_status_ja').optional()),
  // `key=value` pairs, comma-separated: the template's key, and one of SERVICE_PARAM_VALUES.
  LINE_SERVICE_PARAMS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(SERVICE_PARAM_ENTRY, `each entry is key=value, the value one of ${SERVICE_PARAM_VALUES.join(', ')}`),
      ),
    )
    .transform((entries) => entries.map((e) => e.split('=') as [string, ServiceParamValue])),
  VAPID_SUBJECT: optionalText.pipe(
    z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URI').optional(),
  ),
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  // Host names (`*.` for any subdomain), optionally with a port: `127.0.0.1:8443` (IPv6 in brackets). An
  // entry without a port allows https's default port only; naming the port is the only way to allow another.
  // The default names the push services browsers use, not every host of their companies (decision 046).
  PUSH_ALLOWED_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.string().regex(PUSH_HOST_ENTRY, 'each entry is a host name, *.domain or [IPv6], optionally :port'))),
  NOTIFY_LEASE_SECONDS: z.coerce.number().positive().default(30),
  NOTIFY_RETRY_BASE_MS: z.coerce.number().positive().default(5000),
  NOTIFY_POLL_MS: z.coerce.number().positive().default(2000),
  NOTIFY_SEND_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(10_000),
  // How long a ticket's send to the network receipt printer may take before it is aborted (decision 074).
  PRINTER_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  RATE_LIMIT: z.enum(['on', 'off']).default('on'),
  RATE_LIMIT_TICKETS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_IDENTITIES_PER_HOUR: z.coerce.number().int().min(1).default(40),
  // Numbers are never reused, so taking and cancelling again burns them: a cap per session (decision 014).
  RATE_LIMIT_NUMBERS_PER_PATIENT_SESSION: z.coerce.number().int().min(1).default(3),
  RATE_LIMIT_NUMBERS_PER_ADDRESS_SESSION: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LINE_SIGNINS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_TEST_PUSHES_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Each of a patient's changes (notice threshold, cancel, push subscription) has its own hourly budget:
  // a flood of one cannot use up another (docs/decisions/043-patient-write-budget.md).
  RATE_LIMIT_PATIENT_CHANGES_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // Wrong check-in codes are also counted per address and per reception session (decision 059): one address
  // minting identities, or many addresses together, guess no more than these.
  RATE_LIMIT_CHECKIN_WRONG_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_CHECKIN_WRONG_PER_SESSION: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_TRUSTED: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((a) => a.trim()).filter(Boolean))
    .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]))),
  // A waiting room on the clinic's Wi-Fi shares one public address: a full session (200 numbers), each
  // patient with a page open, still fits. One client cannot hold thousands of sockets (docs/decisions/009).
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  // Sending the announcement to everyone waiting spends LINE's quota: how often staff may (docs/decisions/045).
  ANNOUNCEMENT_SEND_COOLDOWN_MINUTES: z.coerce.number().int().min(0).max(24 * 60).default(15),
  ANNOUNCEMENT_SENDS_PER_DAY: z.coerce.number().int().min(1).max(100).default(4),
  // Metrics are off unless one of these is set: on their own port (loopback by default) and/or on the
  // main port behind a bearer token (docs/decisions/017-metrics.md).
  METRICS_PORT: optionalText
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.string().trim().default('127.0.0.1'),
  METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional()),
  LOGIN_FAILURES_PER_15_MIN: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_ACCOUNT_PER_15_MIN: z.coerce.number().int().min(1).default(50),
  // Per address whatever the user name, and the tries a clean address keeps at a locked account (decision 044).
  LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN: z.coerce.number().int().min(1).default(20),
  LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS: z.coerce.number().int().min(0).default(3),
  // A browser that signed in before is judged by its own failures, not its address's (decision 056).
  LOGIN_FAILURES_PER_DEVICE_PER_15_MIN: z.coerce.number().int().min(1).default(5),
  // `true` trusts X-Forwarded-* from any peer (a client could then choose its own address); a list trusts
  // them only from the proxies named. proxy-addr's names (loopback, linklocal, uniquelocal) are allowed too.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | string[] => {
      if (v === 'true' || v === 'false') return v === 'true';
      return v.split(',').map((a) => a.trim()).filter(Boolean);
    })
    .pipe(
      z.union([
        z.boolean(),
        z
          .array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(['loopback', 'linklocal', 'uniquelocal'])]), {
            error: 'TRUST_PROXY must be true, false, or a comma-separated list of proxy addresses or CIDRs',
          })
          .min(1, 'TRUST_PROXY must be true, false, or a comma-separated list of proxy addresses or CIDRs'),
      ]),
    ),
});

export type Config = z.infer<typeof schema>;

/** The rules themselves, for settings kept elsewhere than the environment (a clinic's own LINE channels, decision 079). */
export const CONFIG_SCHEMA = schema;

/** Every setting's name (README's table and production guide are checked against it). */
export const SETTING_NAMES: readonly string[] = Object.keys(schema.shape);

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (Boolean(config.VAPID_PUBLIC_KEY) !== Boolean(config.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  // A send still running when its lease lapses may be claimed by another process and sent twice (decision 046).
  if (config.NOTIFY_SEND_TIMEOUT_MS >= config.NOTIFY_LEASE_SECONDS * 1000) {
    throw new ConfigError(
      `invalid configuration:\n  NOTIFY_SEND_TIMEOUT_MS (${config.NOTIFY_SEND_TIMEOUT_MS}) must be below NOTIFY_LEASE_SECONDS×1000 (${config.NOTIFY_LEASE_SECONDS * 1000}): a send must end before its lease lapses`,
    );
  }
  const service = serviceTemplateProblem(config);
  if (service) throw new ConfigError(`invalid configuration:\n  ${service}`);
  if (config.METRICS_PORT && config.METRICS_PORT === config.PORT) {
    throw new ConfigError('invalid configuration:\n  METRICS_PORT must differ from PORT (set METRICS_TOKEN to serve /metrics on the main port)');
  }
  return config;
}

/** A service message template without the MINI App channel and the keys it is sent with (also a clinic's own, decision 079). */
export function serviceTemplateProblem(c: Partial<Pick<Config, 'LINE_SERVICE_TEMPLATE' | 'LINE_MINIAPP_CHANNEL_ID' | 'LINE_MINIAPP_CHANNEL_SECRET' | 'LINE_SERVICE_PARAMS'>>): string | null {
  if (!c.LINE_SERVICE_TEMPLATE || (c.LINE_MINIAPP_CHANNEL_ID && c.LINE_MINIAPP_CHANNEL_SECRET && (c.LINE_SERVICE_PARAMS?.length ?? 0) > 0)) return null;
  return 'LINE_SERVICE_TEMPLATE needs LINE_MINIAPP_CHANNEL_ID, LINE_MINIAPP_CHANNEL_SECRET and LINE_SERVICE_PARAMS (README, "LINE MINI App")';
}

/** Settings that work but that a clinic's IT person should change; main.ts logs each at start. */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.DATABASE_URL && !config.TOKEN_SECRET) {
    // Several processes on one database must sign patients' tokens with one key (README).
    warnings.push('DATABASE_URL is set but TOKEN_SECRET is not: every server process must share DATA_DIR, or patients signed in on one process are refused by another');
  }
  if (config.TRUST_PROXY === true) {
    warnings.push('TRUST_PROXY=true trusts X-Forwarded-For and X-Forwarded-Host from any peer, so a client that reaches the server directly can choose its own address and dodge the abuse limits: set TRUST_PROXY to your reverse proxy\'s addresses (e.g. 127.0.0.1)');
  }
  if (config.METRICS_PORT !== undefined && !config.METRICS_TOKEN && !LOOPBACK.test(config.METRICS_HOST)) {
    warnings.push(`METRICS_HOST=${config.METRICS_HOST} serves /metrics to the network without a token: set METRICS_TOKEN, or keep METRICS_HOST=127.0.0.1 and scrape locally`);
  }
  return warnings;
}

/** The clinic's LIFF apps: the general one and each page's own (src/shared/line/liff-apps.ts). */
export const liffApps = (c: Config): LiffApps => ({
  liffId: c.LINE_LIFF_ID ?? null,
  liffIds: { book: c.LINE_LIFF_ID_BOOK ?? null, all: c.LINE_LIFF_ID_ALL ?? null, my: c.LINE_LIFF_ID_MY ?? null },
});

const LOOPBACK = /^(127\.|::1$|localhost$)/;
export const metricsEnabled = (c: Config) => c.METRICS_PORT !== undefined || Boolean(c.METRICS_TOKEN);

export const lineLoginConfigured = (c: Config) => Boolean(c.LINE_LOGIN_CHANNEL_ID && c.LINE_LOGIN_CHANNEL_SECRET);
export const lineMessagingConfigured = (c: Config) => Boolean(c.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN);
/** Service messages are on: a template, and the MINI App channel to send it with (loadConfig checks the rest). */
export const serviceMessagesConfigured = (c: Config) =>
  Boolean(c.LINE_SERVICE_TEMPLATE && c.LINE_MINIAPP_CHANNEL_ID && c.LINE_MINIAPP_CHANNEL_SECRET);
export const pushConfigured = (c: Config) => Boolean(c.VAPID_SUBJECT);

/**
 * Push endpoints must belong to a known push service: the server never posts to a URL a client made up.
 * Only https, and on its default port unless an entry names the port (`host:port`).
 */
export function pushHostAllowed(config: Config, endpoint: string): boolean {
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  // URL leaves `port` empty for https's default, also when written as :443.
  const port = url.port;
  return config.PUSH_ALLOWED_HOSTS.some((entry) => {
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry);
    if (!match) return false;
    const [, pattern, entryPort = ''] = match;
    if ((entryPort === '443' ? '' : entryPort) !== port) return false;
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}
