/**
 * The LINE chat's webhook (issue 37, docs/decisions/052): the Messaging API channel must send its events to
 * PUBLIC_ORIGIN/line/webhook with "Use webhook" on, and the server must hold the channel secret to accept
 * them. A clinic that does not use the chat yet (no secret) gets a warning, not a failure.
 */
import type { CheckResult, DoctorFacts } from './facts.js';
import { LINE_CONSOLE, unreachable, unreachableFix } from './probe-text.js';

const NAME = 'LINE chat webhook';
const WHERE = `${LINE_CONSOLE} → your Messaging API channel → Messaging API tab → Webhook settings`;

export function checkWebhook({ config, messaging }: DoctorFacts): CheckResult {
  const expected = config.PUBLIC_ORIGIN ? `${config.PUBLIC_ORIGIN}/line/webhook` : null;
  const setUrl = `set the Webhook URL to ${expected ?? 'https://<PUBLIC_ORIGIN>/line/webhook'} and turn on "Use webhook" at ${WHERE}`;
  const probe = messaging.webhook;
  if (!config.LINE_MESSAGING_CHANNEL_SECRET) {
    return {
      name: NAME,
      status: 'warn',
      detail: 'LINE_MESSAGING_CHANNEL_SECRET is not set: every webhook delivery is refused (401) and the official account answers no chat',
      fix: `set LINE_MESSAGING_CHANNEL_SECRET to the Channel secret of the Messaging API channel (Basic settings tab), then ${setUrl}`,
    };
  }
  if (!expected) return { name: NAME, status: 'fail', detail: 'unknown: PUBLIC_ORIGIN is not set', fix: 'set PUBLIC_ORIGIN (see "public origin"); the doctor then checks the webhook URL' };
  if (!probe) return { name: NAME, status: 'warn', detail: 'not checked: needs a valid Messaging API token', fix: 'fix the Messaging API token first' };
  const down = unreachable(probe, config.LINE_API_BASE_URL);
  if (down || probe.kind !== 'answer') return { name: NAME, status: 'fail', detail: `${down}: the webhook settings could not be read`, fix: unreachableFix };
  if (probe.status !== 200) {
    return { name: NAME, status: 'fail', detail: `LINE did not give the webhook settings: ${probe.status}`, fix: setUrl };
  }
  const endpoint = typeof probe.body.endpoint === 'string' ? probe.body.endpoint : '';
  if (endpoint.replace(/\/+$/, '') !== expected) {
    return { name: NAME, status: 'fail', detail: `the channel's webhook URL is ${endpoint || '(none)'}`, fix: setUrl };
  }
  if (probe.body.active !== true) {
    return { name: NAME, status: 'fail', detail: `${expected} is set but "Use webhook" is off: LINE sends no chat events`, fix: `turn on "Use webhook" at ${WHERE}` };
  }
  return { name: NAME, status: 'ok', detail: `${expected}, in use` };
}
