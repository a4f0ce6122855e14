import type { FastifyInstance } from 'fastify';
import { noteCalls as calls } from '@portal/contracts';
import type { NotesDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { addNote } from './add-note.ts';
import { listNotes } from './list-notes.ts';
import { countMentionsUnread, listMentions, markMentionsRead } from './mentions.ts';

// The internal notes and the mentions inbox (issue 40): any signed-in employee writes and reads
// notes, and reads and marks their own mentions.
export function registerNoteRoutes(app: FastifyInstance, context: NotesDeps): void {
  registerCall(app, calls.addNote, (request) => addNote(context, actorOf(request), request.body));
  registerCall(app, calls.listNotes, (request) => listNotes(context, request.query));
  registerCall(app, calls.mentions, (request) => listMentions(context, actorOf(request), request.query));
  registerCall(app, calls.mentionsUnread, (request) => countMentionsUnread(context, actorOf(request)));
  registerCall(app, calls.markMentionsRead, (request) => markMentionsRead(context, actorOf(request), request.body));
}
