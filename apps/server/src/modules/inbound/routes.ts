import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export function registerInboundRoutes(_app: FastifyInstance, _context: ServerContext): void {}
