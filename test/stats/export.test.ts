/**
 * CSV downloads over real HTTP on both stores: staff only (401 / 403), audited, UTF-8 with a BOM, CRLF rows
 * quoted where needed, Tokyo times, pages of the store joined without a row lost or repeated, and no owner id.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeAudit } from '../../src/server/domain/audit.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { callFn, pwaPatient, staffCookie } from '../support/client.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { seedSecondQueue, VAX } from './queue-fixture.js';
import { insertSlots, jst, seedClinicWeek } from './stats-fixture.js';

async function download(server: TestServer, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

/** The rows of a CSV (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

describeStores('CSV export', (kind) => {
  let t: TestStore;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    t = await openTestStore(kind);
    server = await startTestServer({ store: t.store });
    cookie = await staffCookie(server.url, t.store);
  });
  afterEach(async () => {
    await server.close();
    await t.cleanup();
  });

  const exportsOf = () => t.store.db.selectFrom('audit_log').select(['action', 'target']).where('action', 'like', 'export.%').execute();

  it('is for staff only: 401 without a session, 403 for a patient, and nothing audited', async () => {
    const patient = await pwaPatient(server.url);
    for (const path of ['/api/staff/export/stats.csv?period=day&date=2026-11-10', '/api/staff/export/slots.csv?from=2026-11-01&to=2026-11-30', '/api/staff/export/audit.csv?from=2026-11-01&to=2026-11-30']) {
      const anonymous = await download(server, path);
      expect(anonymous.status, path).toBe(401);
      expect(JSON.parse(anonymous.text).error.status).toBe('UNAUTHENTICATED');
      expect((await download(server, path, { authorization: `Bearer ${patient.token}` })).status, path).toBe(403);
      expect((await download(server, path, { cookie: 'qs_staff=forged' })).status, path).toBe(401);
    }
    expect(await exportsOf()).toEqual([]);
  });

  it('refuses a bad range with the catalogue message and writes nothing', async () => {
    for (const query of ['from=2026-11-30&to=2026-11-01', 'from=2025-01-01&to=2026-01-03', 'from=2026-02-30&to=2026-03-01', 'from=x&to=y', '']) {
      const answer = await download(server, `/api/staff/export/slots.csv?${query}`, { cookie });
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(answer.text).error.message).toContain('最長366日');
    }
    expect((await download(server, '/api/staff/export/stats.csv?period=year&date=2026-11-10', { cookie })).status).toBe(400);
    expect(await exportsOf()).toEqual([]);
  });

  it('exports the rows of a range: BOM, header, Tokyo times, statuses, no owner id, audited', async () => {
    await seedClinicWeek(t.store);
    const answer = await download(server, '/api/staff/export/slots.csv?from=2026-11-10&to=2026-11-10', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="slots-2026-11-10-2026-11-10.csv"');
    expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(answer.text.slice(1));
    expect(rows[0]).toEqual([
      '日付', '受付番号', '経路', '受付日時', '診察開始日時', 'キャンセル・削除日時', '保留日時', '状態', '不在回数', '来院確認', '来院確認方法',
    ]);
    // In the order taken; the first at 00:00:00 Tokyo (15:00 UTC the day before), the last at 23:59:59.
    expect(rows.slice(1)).toEqual([
      ['2026-11-10', '8', '窓口', '2026-11-10 00:00:00', '2026-11-10 00:20:00', '', '', '診察開始', '0', '', ''],
      ['2026-11-10', '1', 'LINE', '2026-11-10 09:30:00', '2026-11-10 09:40:00', '', '', '診察開始', '0', '2026-11-10 09:33:00', '本人'],
      ['2026-11-10', '2', 'PWA', '2026-11-10 09:35:00', '2026-11-10 09:55:00', '', '', '診察開始', '0', '2026-11-10 09:50:00', '本人'],
      ['2026-11-10', '3', '窓口', '2026-11-10 09:50:00', '2026-11-10 10:00:00', '', '', '診察開始', '0', '2026-11-10 09:50:00', 'スタッフ'],
      ['2026-11-10', '4', 'LINE', '2026-11-10 10:05:00', '', '2026-11-10 10:10:00', '', '患者がキャンセル', '0', '', ''],
      ['2026-11-10', '5', '窓口', '2026-11-10 10:20:00', '', '2026-11-10 11:00:00', '2026-11-10 10:40:00', 'スタッフが削除', '2', '', ''],
      ['2026-11-10', '6', 'PWA', '2026-11-10 10:25:00', '2026-11-10 10:50:00', '', '2026-11-10 10:45:00', '診察開始', '1', '2026-11-10 10:48:00', '本人'],
      ['2026-11-10', '7', 'LINE', '2026-11-10 23:59:59', '', '2026-11-10 23:59:59', '', 'スタッフが削除', '0', '', ''],
    ]);
    const owners = await t.store.db.selectFrom('reservation_slots').select('owner_id').where('owner_id', 'is not', null).execute();
    expect(owners.length).toBeGreaterThan(0);
    for (const { owner_id } of owners) expect(answer.text).not.toContain(owner_id);
    expect(await exportsOf()).toEqual([{ action: 'export.slots', target: '2026-11-10..2026-11-10' }]);
  });

  it('streams many pages of rows without losing or repeating one, taken at the same instant or not', async () => {
    const at = jst('2026-06-01 09:00');
    // 2,500 numbers, 1,200 of them in the same millisecond: the page boundary falls inside equal times.
    const specs = Array.from({ length: 2500 }, (_, i) => ({
      reserved_type: 'ADMIN',
      reserved_at: i < 1200 ? at : new Date(Date.parse(at) + i * 1000).toISOString(),
    }));
    await insertSlots(t.store, specs);
    const answer = await download(server, '/api/staff/export/slots.csv?from=2026-06-01&to=2026-06-01', { cookie });
    const numbers = parseCsv(answer.text.slice(1)).slice(1).map((r) => Number(r[1]));
    expect(numbers).toHaveLength(2500);
    expect(new Set(numbers).size).toBe(2500);
  });

  it('exports the audit trail of a range with commas, quotes and line breaks quoted, and no formula', async () => {
    const actor = { id: null, username: 'desk, "front"' };
    await writeAudit(t.store.db, actor, { action: 'markSlot.hold', target: 'line one\nline "two"', before: { hold: 0 }, after: { hold: 1 } }, jst('2026-11-10 09:00'));
    await writeAudit(t.store.db, actor, { action: 'custom', target: '=HYPERLINK("x")' }, jst('2026-11-10 23:59:59'));
    await writeAudit(t.store.db, actor, { action: 'custom', target: 'the next day' }, jst('2026-11-11 00:00'));
    const answer = await download(server, '/api/staff/export/audit.csv?from=2026-11-10&to=2026-11-10', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.text.charCodeAt(0)).toBe(0xfeff);
    expect(answer.text).toContain('"desk, ""front"""');
    expect(answer.text).toContain('"line one\nline ""two"""');
    const rows = parseCsv(answer.text.slice(1));
    expect(rows).toEqual([
      ['日時', 'スタッフ', '操作', '対象', '変更前', '変更後'],
      ['2026-11-10 09:00:00', 'desk, "front"', '保留', 'line one\nline "two"', '{"hold":0}', '{"hold":1}'],
      ['2026-11-10 23:59:59', 'desk, "front"', 'custom', `'=HYPERLINK("x")`, '', ''],
    ]);
    expect(await exportsOf()).toEqual([{ action: 'export.audit', target: '2026-11-10..2026-11-10' }]);
  });

  it('exports the statistics of a period with the period before', async () => {
    await seedClinicWeek(t.store);
    const answer = await download(server, '/api/staff/export/stats.csv?period=day&date=2026-11-10', { cookie });
    expect(answer.status).toBe(200);
    expect(answer.text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(answer.text.slice(1));
    expect(rows[0]).toEqual(['項目', '今回 2026-11-10〜2026-11-10', '前回 2026-11-09〜2026-11-09']);
    const byLabel = new Map(rows.slice(1).map((r) => [r[0], r.slice(1)]));
    expect(byLabel.get('受付数（LINE）')).toEqual(['3', '1']);
    expect(byLabel.get('受付数（合計）')).toEqual(['8', '5']);
    expect(byLabel.get('不在（保留のまま診察なし）')).toEqual(['1', '0']);
    expect(byLabel.get('不在（呼出時にいなかった回数）')).toEqual(['3', '1']);
    expect(byLabel.get('来院確認（本人）')).toEqual(['3', '0']);
    expect(byLabel.get('来院確認（スタッフ）')).toEqual(['1', '1']);
    expect(byLabel.get('待ち時間 中央値（分）')).toEqual(['20', '12.5']);
    expect(byLabel.get('待ち時間 90パーセンタイル（分）')).toEqual(['25', '30']);
    expect(byLabel.get('通知の失敗（PWA）')).toEqual(['1', '0']);
    expect(byLabel.get('受付 09:30')).toEqual(['2', '1']);
    expect(byLabel.get('時間帯別 受付数（9時台）')).toEqual(['3', '5']);
    expect(await exportsOf()).toEqual([{ action: 'export.stats', target: 'day 2026-11-10..2026-11-10' }]);
  });

  it('with two queues: the rows keep their columns and gain the queue last; the statistics of one queue', async () => {
    await seedClinicWeek(t.store);
    await seedSecondQueue(t.store);
    const all = parseCsv((await download(server, '/api/staff/export/slots.csv?from=2026-11-10&to=2026-11-10', { cookie })).text.slice(1));
    expect(all[0]).toEqual([
      '日付', '受付番号', '経路', '受付日時', '診察開始日時', 'キャンセル・削除日時', '保留日時', '状態', '不在回数', '来院確認', '来院確認方法', '受付項目',
    ]);
    expect(all).toHaveLength(1 + 8 + 4);
    expect(all[1]).toEqual(['2026-11-10', '8', '窓口', '2026-11-10 00:00:00', '2026-11-10 00:20:00', '', '', '診察開始', '0', '', '', '一般']);
    expect(all.filter((r) => r[11] === '予防接種').map((r) => r[1]).sort()).toEqual(['501', '501', '502', '503']);

    const vax = await download(server, `/api/staff/export/slots.csv?from=2026-11-10&to=2026-11-10&queue=${VAX}`, { cookie });
    expect(vax.headers.get('content-disposition')).toBe(`attachment; filename="slots-2026-11-10-2026-11-10-${VAX}.csv"`);
    const vaxRows = parseCsv(vax.text.slice(1)).slice(1);
    // Two numbers 501 (two sessions) taken at the same minute: their order between them is the ids'.
    expect(vaxRows.map((r) => [r[1], r[2], r[7], r[11]]).sort()).toEqual([
      ['501', 'LINE', '診察開始', '予防接種'],
      ['501', '窓口', '診察開始', '予防接種'],
      ['502', '窓口', '診察開始', '予防接種'],
      ['503', 'PWA', '患者がキャンセル', '予防接種'],
    ]);

    const stats = await download(server, `/api/staff/export/stats.csv?period=day&date=2026-11-10&queue=${VAX}`, { cookie });
    expect(stats.headers.get('content-disposition')).toBe(`attachment; filename="stats-day-2026-11-10-${VAX}.csv"`);
    const rows = parseCsv(stats.text.slice(1));
    expect(rows[0]).toEqual(['項目', '今回 2026-11-10〜2026-11-10', '前回 2026-11-09〜2026-11-09']);
    const byLabel = new Map(rows.slice(1).map((r) => [r[0], r.slice(1)]));
    expect(byLabel.get('受付数（合計）')).toEqual(['4', '1']);
    expect(byLabel.get('待ち時間 中央値（分）')).toEqual(['12', '5']);
    expect(byLabel.get('通知の送信（LINE）')).toEqual(['1', '0']);
    // The whole clinic's as before: both queues.
    const clinic = parseCsv((await download(server, '/api/staff/export/stats.csv?period=day&date=2026-11-10', { cookie })).text.slice(1));
    expect(new Map(clinic.slice(1).map((r) => [r[0], r.slice(1)])).get('受付数（合計）')).toEqual(['12', '6']);

    const unknown = await download(server, '/api/staff/export/stats.csv?period=day&date=2026-11-10&queue=nope', { cookie });
    expect(unknown.status).toBe(404);
    expect((await download(server, '/api/staff/export/slots.csv?from=2026-11-10&to=2026-11-10&queue=nope', { cookie })).status).toBe(404);
    expect(await exportsOf()).toEqual([
      { action: 'export.slots', target: '2026-11-10..2026-11-10' },
      { action: 'export.slots', target: `2026-11-10..2026-11-10 ${VAX}` },
      { action: 'export.stats', target: `day 2026-11-10..2026-11-10 ${VAX}` },
      { action: 'export.stats', target: 'day 2026-11-10..2026-11-10' },
    ]);
  });

  it('answers getStats to staff only', async () => {
    await seedClinicWeek(t.store);
    const anonymous = await callFn(server.url, 'getStats', { period: 'day', date: '2026-11-10' });
    expect(anonymous.status).toBe(401);
    const bad = await callFn(server.url, 'getStats', { period: 'day', date: '2026-13-01' }, { cookie });
    expect(bad.status).toBe(400);
    const ok = await callFn<{ current: { taken: unknown; absences: number; checkIns: unknown } }>(server.url, 'getStats', { period: 'day', date: '2026-11-10' }, { cookie });
    expect(ok.status).toBe(200);
    expect('result' in ok.body && ok.body.result.current).toMatchObject({ taken: { LINE: 3, PWA: 2, ADMIN: 3 }, absences: 3, checkIns: { patient: 3, staff: 1 } });
  });
});
