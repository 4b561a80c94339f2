/**
 * The LINE MINI App checks (issue 37, docs/decisions/051): the MINI App channel can get a channel access
 * token, and what can be known of the service message template from here. LINE has no API that reads a
 * channel's templates or its verification back, and a test send needs a patient's notification token, so
 * those lines say what to look at in the console instead of pretending to check.
 */
import type { CheckResult, DoctorFacts } from './facts.js';
import { LINE_CONSOLE, unreachable, unreachableFix } from './probe-text.js';

const where = `${LINE_CONSOLE} → your LINE MINI App channel → Basic settings`;

export function checkMiniAppChannel({ config, miniApp }: DoctorFacts): CheckResult {
  const name = 'LINE MINI App channel';
  const id = config.LINE_MINIAPP_CHANNEL_ID;
  if (!id && !config.LINE_MINIAPP_CHANNEL_SECRET) {
    return { name, status: 'ok', detail: 'not set: service messages are off, LINE notices go by Messaging API push' };
  }
  if (!id || !config.LINE_MINIAPP_CHANNEL_SECRET) {
    const missing = id ? 'LINE_MINIAPP_CHANNEL_SECRET' : 'LINE_MINIAPP_CHANNEL_ID';
    return { name, status: 'fail', detail: `${missing} is not set`, fix: `set both from ${where}` };
  }
  if (!/^\d+$/.test(id)) return { name, status: 'fail', detail: `LINE_MINIAPP_CHANNEL_ID "${id}" is not a number`, fix: `copy the numeric Channel ID from ${where}` };
  // LINE gives a notification token only for a LIFF access token of the MINI App's own LIFF app (a LIFF ID
  // begins with its channel's id); one of a LINE Login channel's LIFF app is refused, so nothing would be free.
  const liffChannel = config.LINE_LIFF_ID ? /^(\d+)-/.exec(config.LINE_LIFF_ID)?.[1] : undefined;
  if (liffChannel && liffChannel !== id) {
    return {
      name,
      status: 'fail',
      detail: `LINE_LIFF_ID ${config.LINE_LIFF_ID} belongs to channel ${liffChannel}, not to the MINI App channel ${id}`,
      fix: 'a LIFF app cannot move into a MINI App channel: use the MINI App channel\'s own LIFF ID (README, "LINE MINI App")',
    };
  }
  const token = miniApp?.token;
  if (!token) return { name, status: 'warn', detail: 'id and secret set but not checked with LINE', fix: 'run the doctor again' };
  const down = unreachable(token, config.LINE_API_BASE_URL);
  if (down || token.kind !== 'answer') return { name, status: 'fail', detail: `${down}: the MINI App channel could not be checked`, fix: unreachableFix };
  if (token.status !== 200 || typeof token.body.access_token !== 'string') {
    const error = typeof token.body.error === 'string' ? ` (${token.body.error})` : '';
    return { name, status: 'fail', detail: `LINE refused channel ${id} with this secret: ${token.status}${error}`, fix: `copy the Channel ID and Channel secret again from ${where}` };
  }
  const off = config.LINE_SERVICE_TEMPLATE ? '' : '; LINE_SERVICE_TEMPLATE is not set, so service messages are off';
  return { name, status: off ? 'warn' : 'ok', detail: `channel ${id}: LINE issued a channel access token${off}`, ...(off && { fix: 'set LINE_SERVICE_TEMPLATE and LINE_SERVICE_PARAMS (README, "LINE MINI App")' }) };
}

export function checkServiceTemplate({ config }: DoctorFacts): CheckResult {
  const name = 'LINE service message template';
  const template = config.LINE_SERVICE_TEMPLATE;
  if (!template) return { name, status: 'ok', detail: 'not set: service messages are off' };
  const params = config.LINE_SERVICE_PARAMS.map(([key, value]) => `${key}=${value}`).join(', ');
  if (!/_[a-z]{2}(_[A-Z]{2})?$/.test(template)) {
    return {
      name,
      status: 'warn',
      detail: `${template} has no language suffix; LINE's template names end in one, such as _ja`,
      fix: `copy the template name from ${LINE_CONSOLE} → your LINE MINI App channel → Service message templates`,
    };
  }
  // Nothing at LINE answers "is this template added and approved" or "is this MINI App verified" without a
  // patient's notification token: say what was not checked, and where to see it.
  return {
    name,
    status: 'ok',
    detail:
      `${template} with ${params}. Not checked (LINE offers no way to from here): that the template is added to the MINI App channel and approved, ` +
      'that its keys are these, and that the MINI App is verified (only verified ones send outside the Developing channel). ' +
      'Look at the Service message templates tab and send its test message there; a refused send falls back to a push and shows in /admin/messages',
  };
}
