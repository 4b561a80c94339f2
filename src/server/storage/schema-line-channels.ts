/**
 * A clinic's own LINE channels and the name its patients see (0032, decision 079): one row per clinic
 * (`id` = 1, as the runtime row), each column a setting the clinic set (null: not set). The four secrets
 * are sealed with the server's key for this clinic and column (clinics/line-channels.ts): never in clear
 * here, and never in a backup or export file (ops/backup.ts leaves them out).
 */
export interface LineChannelsTable {
  id: number;
  clinic_name: string | null;
  login_channel_id: string | null;
  /** Sealed. */
  login_channel_secret: string | null;
  liff_id: string | null;
  liff_id_book: string | null;
  liff_id_all: string | null;
  liff_id_my: string | null;
  official_account_url: string | null;
  bot_prompt: string | null;
  /** Sealed. */
  messaging_access_token: string | null;
  /** Sealed. */
  messaging_channel_secret: string | null;
  miniapp_channel_id: string | null;
  /** Sealed. */
  miniapp_channel_secret: string | null;
  service_template: string | null;
  /** As written in the settings: `key=value`, comma-separated. */
  service_params: string | null;
  /** The bot's user id, the `destination` of the webhook's deliveries that are this clinic's. */
  bot_user_id: string | null;
  updated_at: string;
}

/** The sealed columns: what no file the server writes may hold (ops/backup.ts), and what the clinic must set again after an import. */
export const LINE_SEALED_COLUMNS = ['login_channel_secret', 'messaging_access_token', 'messaging_channel_secret', 'miniapp_channel_secret'] as const satisfies readonly (keyof LineChannelsTable)[];
