import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { familyLabels } from './family.js';
import { noticeLabels, noticesEn, noticesJa } from './notices.js';
import { queuesLabels } from './queues.js';
import { patientEn } from './patient-en.js';
import { patientJa } from './patient-ja.js';
import { staffLabels } from './staff.js';
import { staffDeskJa } from './staff-desk.js';
import { staffPaperJa } from './staff-paper.js';
import { staffSettingsJa } from './staff-settings.js';
import { statsLabels } from './stats.js';
import { ticketLabels } from './ticket.js';
import { kioskLabels } from './kiosk.js';
import { clinicHostLabels } from './clinic-host.js';
import { groupLabels } from './group.js';
import { groupHandoffLabels } from './group-handoff.js';
import { groupErrorLabels } from './group-errors.js';
import { label, reportMissingParams, throwMissingParam } from './text.js';

type Texts = Readonly<Record<string, string>>;

/** Every catalogue as written, by file: Japanese, and English for what patients read. */
const written: Record<string, { ja: Texts; en?: Texts }> = {
  'patient-ja.ts, patient-en.ts': { ja: patientJa, en: patientEn },
  'family.ts': familyLabels,
  'queues.ts': queuesLabels,
  'notices.ts': { ja: noticesJa, en: noticesEn },
  'staff-desk.ts': { ja: staffDeskJa },
  'staff-paper.ts': { ja: staffPaperJa },
  'staff-settings.ts': { ja: staffSettingsJa },
  'stats.ts': statsLabels,
  'ticket.ts': ticketLabels,
  'kiosk.ts': kioskLabels,
  'clinic-host.ts': clinicHostLabels,
  'group.ts': groupLabels,
  'group-handoff.ts': groupHandoffLabels,
  'group-errors.ts': groupErrorLabels,
};

/** The catalogues as looked up, each the join of the written ones it names. */
const joined: { name: string; catalogue: { ja: Texts; en?: Texts }; of: string[] }[] = [
  { name: 'staffLabels', catalogue: staffLabels, of: ['patient-ja.ts, patient-en.ts', 'staff-desk.ts', 'staff-paper.ts', 'staff-settings.ts', 'clinic-host.ts', 'group-errors.ts', 'group-handoff.ts'] },
  { name: 'noticeLabels', catalogue: noticeLabels, of: ['patient-ja.ts, patient-en.ts', 'notices.ts'] },
];

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

/** Keys of `want` that `have` lacks: the test names them, so the fix is obvious. */
const missing = (want: Texts, have: Texts) => Object.keys(want).filter((key) => !Object.hasOwn(have, key));

/** Every file under a folder, recursively. */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

describe('the label catalogues', () => {
  afterEach(() => reportMissingParams(throwMissingParam));

  it('have a Japanese text for every key and, for patients, an English one for the same keys; none empty', () => {
    for (const [file, { ja, en }] of Object.entries(written)) {
      for (const [key, text] of Object.entries(ja)) expect(text.trim(), `${file} ${key}`).not.toBe('');
      if (!en) continue;
      expect(missing(ja, en), `${file}: in Japanese, not in English`).toEqual([]);
      expect(missing(en, ja), `${file}: in English, not in Japanese`).toEqual([]);
      for (const [key, text] of Object.entries(en)) expect(text.trim(), `${file} ${key}`).not.toBe('');
    }
  });

  it('define no key twice: a join would silently keep only one text', () => {
    const where = new Map<string, string>();
    const twice: string[] = [];
    for (const [file, { ja }] of Object.entries(written)) {
      for (const key of Object.keys(ja)) {
        if (where.has(key)) twice.push(`${key}: ${where.get(key)} and ${file}`);
        where.set(key, file);
      }
    }
    expect(twice).toEqual([]);
  });

  it('join exactly their parts, text for text', () => {
    for (const { name, catalogue, of } of joined) {
      for (const lang of ['ja', 'en'] as const) {
        const got = catalogue[lang];
        if (!got) continue;
        const expected = Object.assign({}, ...of.map((file) => written[file][lang] ?? {})) as Texts;
        expect(got, `${name}.${lang}`).toEqual(expected);
      }
    }
  });

  it('keep the same placeholders in every language of a text', () => {
    for (const [file, { ja, en }] of Object.entries(written)) {
      if (!en) continue;
      for (const [key, text] of Object.entries(ja)) {
        // A date pattern picks its own fields (21 Sep 2025 vs 2025/09/21); the caller passes them all.
        if (key === 'date.pattern') continue;
        expect(placeholders(en[key]), `${file} ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('look a text up in the language asked for and fill its parameters', () => {
    expect(label(staffLabels, 'ja', 'my.numberValue', { n: 12 })).toBe('12番');
    expect(label(staffLabels, 'ja', 'staffFamily.tag', { i: 2, k: 3 })).toBe('家族 2/3');
    expect(label(statsLabels, 'ja', 'stats.range', { from: '2026-11-01', to: '2026-11-30' })).toBe('2026-11-01〜2026-11-30');
    expect(label(familyLabels, 'en', 'family.cancelConfirmName', { n: 13, name: 'Hana' })).toBe('Cancel No. 13 (Hana)? The other numbers stay.');
    expect(label(queuesLabels, 'en', 'queues.yours', { queue: 'Vaccination' })).toBe('Your service: Vaccination');
    expect(label(noticeLabels, 'en', 'notice.recall', { clinic: 'Sakura', n: 7 })).toBe('[Sakura] Number 7: it is your turn. Please come to the reception desk.');
    expect(label(noticeLabels, 'ja', 'my.numberValue', { n: 7 })).toBe('7番');
  });

  it('report a missing parameter (tests throw), and otherwise show it as written', () => {
    expect(() => label(staffLabels, 'ja', 'my.numberValue')).toThrow('label my.numberValue: no value for {n}');
    reportMissingParams(undefined);
    expect(label(staffLabels, 'ja', 'book.people')).toBe('{n}人');
  });

  it('refuse an unknown key, or a language the catalogue lacks, in the type check', () => {
    // @ts-expect-error: no such key
    expect(() => label(staffLabels, 'ja', 'no.such.key')).toThrow();
    // @ts-expect-error: the staff catalogue has Japanese only
    expect(() => label(staffLabels, 'en', 'admin.title')).toThrow();
    // @ts-expect-error: a staff key is not a patient notice's
    expect(() => label(noticeLabels, 'ja', 'admin.title')).toThrow();
  });

  it('keep the server-only notices off every client bundle: no client module imports notices.ts', () => {
    const importers = files('src/client').filter((f) => /shared\/labels\/notices/.test(readFileSync(f, 'utf8')));
    expect(importers).toEqual([]);
  });
});
