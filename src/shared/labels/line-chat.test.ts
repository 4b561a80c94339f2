import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LINE_CHAT, lineChatEn, lineChatJa } from './line-chat.js';
import { jaStaffWebhook } from './ja-staff-webhook.js';
import { ja } from './ja.js';
import { jaStaff } from './ja-staff.js';
import { t } from './all.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Every file under a folder, recursively. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

describe("the LINE chat's catalogue", () => {
  it('has the same keys and placeholders in Japanese and English, and no empty text', () => {
    expect(Object.keys(lineChatEn).sort()).toEqual(Object.keys(lineChatJa).sort());
    for (const [key, text] of Object.entries(lineChatJa)) {
      expect(text.trim(), key).not.toBe('');
      expect(lineChatEn[key as keyof typeof lineChatJa].trim(), key).not.toBe('');
      expect(placeholders(lineChatEn[key as keyof typeof lineChatJa]), key).toEqual(placeholders(text));
    }
    expect(LINE_CHAT.en).toBe(lineChatEn);
  });

  it('is read by the server alone: no client module imports it, so no patient screen carries it', () => {
    const importers = files('src/client').filter((f) => /line-chat/.test(readFileSync(f, 'utf8')));
    expect(importers).toEqual([]);
  });

  it("the webhook's refusal reaches t() and overrides no other key", () => {
    expect(t('error.webhookSignature')).toContain('X-Line-Signature');
    for (const key of Object.keys(jaStaffWebhook)) {
      expect(key in ja, key).toBe(false);
      expect(key in jaStaff, key).toBe(false);
    }
  });
});
