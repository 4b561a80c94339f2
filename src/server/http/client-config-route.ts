/** GET /api/client-config: the few settings the browser needs, listed one by one so no secret slips out. */
import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '../../shared/schemas/functions.js';
import { type Config, liffApps, serviceMessagesConfigured } from '../config.js';
import './clinic-request.js';

export function clientConfig(config: Config): ClientConfig {
  return {
    clinicName: config.CLINIC_NAME,
    clinicSiteUrl: config.CLINIC_SITE_URL ?? null,
    line: {
      channelId: config.LINE_LOGIN_CHANNEL_ID ?? null,
      ...liffApps(config),
      accessBaseUrl: config.LINE_ACCESS_BASE_URL,
      officialAccountUrl: config.LINE_OFFICIAL_ACCOUNT_URL ?? null,
      botPrompt: config.LINE_BOT_PROMPT,
      serviceMessages: serviceMessagesConfigured(config),
    },
  };
}

/** Each clinic's body is made once with its runtime (clinics/runtime.ts); the host chooses which is sent. */
export function registerClientConfigRoute(app: FastifyInstance) {
  app.get('/api/client-config', async (request, reply) =>
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-cache').send(request.clinic.clientConfig),
  );
}
