/**
 * A clinic's own LINE channels in a backup or export file (0032, decision 079): its settings without their
 * secrets. No file holds a sealed secret: the writer leaves them out (ops/backup.ts) and a row carrying one
 * is refused, so a restore or an import sets them unset, and the operator sets them again on the deployment
 * (`npm run clinic -- line <id> --env <file>`). Sealed for another deployment's key, they would not open anyway.
 */
import { z } from 'zod';
import { LINE_SEALED_COLUMNS } from '../storage/schema-line-channels.js';

const text = z.string();
const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, 'expected an ISO-8601 UTC time');
const noSecret = Object.fromEntries(LINE_SEALED_COLUMNS.map((c) => [c, z.null().default(null)])) as Record<
  (typeof LINE_SEALED_COLUMNS)[number],
  z.ZodDefault<z.ZodNull>
>;

export const LINE_CHANNELS_ROW = z.strictObject({
  id: z.literal(1),
  clinic_name: text.nullable(),
  login_channel_id: text.nullable(),
  liff_id: text.nullable(),
  liff_id_book: text.nullable(),
  liff_id_all: text.nullable(),
  liff_id_my: text.nullable(),
  official_account_url: text.nullable(),
  bot_prompt: text.nullable(),
  miniapp_channel_id: text.nullable(),
  service_template: text.nullable(),
  service_params: text.nullable(),
  bot_user_id: text.nullable(),
  updated_at: time,
  ...noSecret,
});
