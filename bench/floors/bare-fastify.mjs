// The start-up floor (issue 7): a bare Fastify server with one route, started exactly like the product
// (`node <file>.js`, no loader), so the ratio shows what our modules, config and store cost at start.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/healthz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
const stop = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
