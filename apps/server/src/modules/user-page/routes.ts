import type { FastifyInstance } from 'fastify';
import { customerTimelineCalls, userPageCalls } from '@portal/contracts';
import type { UserPageDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { readIdempotencyKey } from '../../platform/idempotency-key.ts';
import { registerCall } from '../../platform/register-call.ts';
import {
  addCustomerComment,
  addEmailAddress,
  allowNewPlaidConnection,
  createHotlink,
  editCustomerField,
  listEmailAddresses,
  setContactFlag,
} from '../customers/index.ts';
import { createLargerPayment } from '../loans/index.ts';
import { originateMessage } from '../tickets/index.ts';
import { customerTimeline } from './customer-timeline.ts';
import { searchUsers } from './search.ts';

// The user page's calls (spec 000 section 7, Users): the search that loads the page and the
// actions on the customer, each done by the module that owns what it changes.
export function registerUserPageRoutes(app: FastifyInstance, context: UserPageDeps): void {
  registerCall(app, userPageCalls.searchUsers, (request) => searchUsers(context, request.query));
  registerCall(app, userPageCalls.editUserInfo, (request) =>
    editCustomerField(context, actorOf(request), request.body.id, {
      field: request.body.parameter,
      text: request.body.text,
      force: request.body.force,
    }),
  );
  registerCall(app, userPageCalls.addUserInfo, (request) => addEmailAddress(context, actorOf(request), request.body));
  registerCall(app, userPageCalls.getEmailInfo, (request) => listEmailAddresses(context, request.query.user_id));
  registerCall(app, userPageCalls.setContactFlag, (request) => setContactFlag(context, actorOf(request), request.body));
  registerCall(app, userPageCalls.addComment, (request) =>
    addCustomerComment(context, actorOf(request), request.body.user_id, request.body.body),
  );
  registerCall(app, userPageCalls.originateMessage, (request) =>
    originateMessage(context, actorOf(request), request.body, readIdempotencyKey(request)),
  );
  registerCall(app, userPageCalls.getHotlink, (request) =>
    createHotlink(context, actorOf(request), request.query.user_id),
  );
  registerCall(app, userPageCalls.allowNewPlaid, (request) =>
    allowNewPlaidConnection(context, actorOf(request), request.body.user_id),
  );
  registerCall(app, userPageCalls.createLargerPayment, (request) =>
    createLargerPayment(context, actorOf(request), request.body),
  );
  // The customer's timeline (issue 40): a read, nothing audited.
  registerCall(app, customerTimelineCalls.customerTimeline, (request) => customerTimeline(context, request.query));
}
