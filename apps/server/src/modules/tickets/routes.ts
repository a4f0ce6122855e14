import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.ts';

export function registerTicketRoutes(_app: FastifyInstance, _context: ServerContext): void {}
