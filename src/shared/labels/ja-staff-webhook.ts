/**
 * The refusal of issue 37's LINE webhook (/line/webhook, docs/decisions/052). Only LINE's servers call it, so
 * it is no patient text: Japanese only, like ja-staff.ts; all.ts joins it into one staff catalogue.
 */
export const jaStaffWebhook = {
  'error.webhookSignature': 'LINEの署名（X-Line-Signature）を確認できないリクエストです。',
} as const;
