/**
 * CSV downloads for staff (GET, the session cookie): the statistics of a period, the numbers taken in a range
 * of days, and the audit trail of a range. Each download is audited before its first byte, and streamed as
 * the store pages come (domain/stats/csv.ts), so a year's rows never sit in memory.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { STATS_PERIODS } from '../../shared/schemas/stats.js';
import { queueIdSchema } from '../../shared/schemas/queue-id.js';
import { AppError } from '../errors.js';
import { recordAudit } from '../domain/audit.js';
import { auditCsv, slotRowsCsv, statsCsv } from '../domain/stats/csv.js';
import { readStats, requireStatsQueue } from '../domain/stats/queries.js';
import { daysRange, periodRange } from '../domain/stats/periods.js';
import { exportRangeOk } from '../../shared/stats/export-range.js';
import { requireStaff } from './caller.js';
import './clinic-request.js';

/** A year and a day: a leap year's whole year fits, and no request can ask for ten years at once. */
const tokyoDaySchema = z.iso.date();
// queue: one queue's figures or numbers (decision 065); absent, the whole clinic's.
const statsQuery = z.object({ period: z.enum(STATS_PERIODS), date: tokyoDaySchema, queue: queueIdSchema.optional() });
const rangeQuery = z
  .object({ from: tokyoDaySchema, to: tokyoDaySchema, queue: queueIdSchema.optional() })
  .refine(({ from, to }) => exportRangeOk(from, to));

function parse<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw new AppError('INVALID_ARGUMENT', 'error.statsRange');
  return parsed.data;
}

function sendCsv(reply: FastifyReply, filename: string, lines: Iterable<string> | AsyncIterable<string>) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store');
  return reply.send(Readable.from(lines, { objectMode: false }));
}

export function registerExportRoutes(app: FastifyInstance) {
  app.get('/api/staff/export/stats.csv', async (request, reply) => {
    const deps = request.clinic.deps;
    const staff = await requireStaff(request, deps);
    const { period, date, queue } = parse(statsQuery, request.query);
    const range = periodRange(period, date);
    const stats = await readStats(deps.store, period, date, queue);
    const of = queue === undefined ? '' : ` ${queue}`;
    await recordAudit(deps.store, staff, { action: 'export.stats', target: `${period} ${range.from}..${range.to}${of}` });
    return sendCsv(reply, `stats-${period}-${range.from}${queue === undefined ? '' : `-${queue}`}.csv`, statsCsv(stats));
  });

  app.get('/api/staff/export/slots.csv', async (request, reply) => {
    const deps = request.clinic.deps;
    const staff = await requireStaff(request, deps);
    const { from, to, queue } = parse(rangeQuery, request.query);
    if (queue !== undefined) await requireStatsQueue(deps.store.db, queue);
    await recordAudit(deps.store, staff, { action: 'export.slots', target: `${from}..${to}${queue === undefined ? '' : ` ${queue}`}` });
    return sendCsv(reply, `slots-${from}-${to}${queue === undefined ? '' : `-${queue}`}.csv`, slotRowsCsv(deps.store, daysRange(from, to), queue));
  });

  app.get('/api/staff/export/audit.csv', async (request, reply) => {
    const deps = request.clinic.deps;
    const staff = await requireStaff(request, deps);
    const { from, to } = parse(rangeQuery, request.query);
    await recordAudit(deps.store, staff, { action: 'export.audit', target: `${from}..${to}` });
    return sendCsv(reply, `audit-${from}-${to}.csv`, auditCsv(deps.store, daysRange(from, to)));
  });
}
