import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { liveCalls } from '@portal/contracts';
import { actorOf } from '../../platform/actor.ts';
import { notFound } from '../../platform/http-error.ts';
import { registerCall } from '../../platform/register-call.ts';
import { requestTokenOf } from '../../platform/request-session.ts';
import type { LiveDeps } from './deps.ts';
import type { LiveHub } from './live-hub.ts';
import * as repository from './repository.ts';
import { allowedTopics } from './watch-topics.ts';

// The live calls (decision 063): HTTP only.
export function registerLiveRoutes(app: FastifyInstance, deps: LiveDeps, hub: LiveHub): void {
  const { db } = deps;

  // GET live: text/event-stream until the tab closes it (or its session ends, or it stops reading).
  registerCall(app, liveCalls.stream, async (request, reply) => {
    const actor = actorOf(request);
    const id = randomBytes(18).toString('base64url');
    await repository.insertStream(db, id, actor.employeeId);
    const body = new PassThrough();
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      hub.remove(id);
      body.end();
      repository
        .deleteStream(db, id)
        .catch((error: unknown) => request.log.warn({ err: error }, 'Could not close a live stream.'));
    };
    reply.raw.on('close', close);
    hub.add({
      id,
      employeeId: actor.employeeId,
      token: requestTokenOf(request) ?? '',
      sink: { write: (text) => body.write(text), buffered: () => body.writableLength, end: close },
      open: new Set(),
      follow: new Set(),
    });
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // Proxies (nginx) pass each event on at once instead of buffering the stream.
        .header('x-accel-buffering', 'no')
        // The stream has its connection to itself: when it ends (the server stopping, too) so does the
        // connection, rather than lingering idle and holding the server's close for a minute.
        .header('connection', 'close')
        .send(body)
    );
  });

  // PUT live_watch: what a tab has open and follows, for its stream (on whichever process holds it).
  registerCall(app, liveCalls.watch, async (request) => {
    const actor = actorOf(request);
    const topics = allowedTopics(actor, request.body);
    await db.transaction(async (tx) => {
      const owner = await repository.findStreamOwner(tx, request.body.stream);
      if (owner !== actor.employeeId) throw notFound('That live stream is closed; the page opens a new one by itself.');
      await repository.replaceStreamTopics(
        tx,
        { id: request.body.stream, employeeId: actor.employeeId },
        topics.open,
        topics.follow,
      );
    });
    return topics;
  });
}
