/**
 * Whether a LIFF access token passed with a number is the clinic's MINI App's, given to the patient who took
 * the number (docs/decisions/057). Only then is it handed to LINE's notifier: a token of another channel, of
 * another LINE user, expired, made up, or one LINE could not vouch for in time, is never used, and that
 * reservation's notices go by push. Pure: the answers of LINE Login's verify and profile calls come as data.
 */
import type { LineAnswer } from './rule.js';

/** Why the token is not used, or null when this step vouches for it. */
export type Refusal = string | null;

const described = (answer: Extract<LineAnswer, { status: number }>) => {
  const { error, error_description: detail, message } = answer.body;
  const words = [error, detail, message].filter((w): w is string => typeof w === 'string').join(' ').slice(0, 200);
  return `HTTP ${answer.status}${words ? ` ${words}` : ''}`;
};

/** `GET /oauth2/v2.1/verify?access_token=…`: issued for the MINI App channel and not yet expired. */
export function verifiedFor(answer: LineAnswer, channelId: string): Refusal {
  if (answer.status === null) return `verify: no answer (${answer.error})`;
  if (answer.status !== 200) return `verify: ${described(answer)}`;
  const { client_id: clientId, expires_in: expiresIn } = answer.body;
  if (typeof clientId !== 'string' || clientId !== channelId) return 'verify: issued for another channel';
  if (typeof expiresIn !== 'number' || !(expiresIn > 0)) return 'verify: expired';
  return null;
}

/** `GET /v2/profile` with the token: it opens the profile of the LINE user the number belongs to. */
export function profileIs(answer: LineAnswer, userId: string): Refusal {
  if (answer.status === null) return `profile: no answer (${answer.error})`;
  if (answer.status !== 200) return `profile: ${described(answer)}`;
  const found = answer.body.userId;
  if (typeof found !== 'string' || !found) return 'profile: no user id';
  if (found !== userId) return 'profile: another LINE user';
  return null;
}
