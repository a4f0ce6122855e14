import Fastify from 'fastify';

// The baseline: plain Fastify answering a constant, nothing else.
const app = Fastify({ logger: false });
app.get('/hello', () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
