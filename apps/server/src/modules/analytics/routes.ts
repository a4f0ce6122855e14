import type { FastifyInstance } from 'fastify';
import { analyticsCalls as calls } from '@portal/contracts';
import type { AnalyticsDeps } from './deps.ts';
import { registerCall } from '../../platform/register-call.ts';
import { autoResponseAnalytics } from './auto-response-analytics.ts';
import { averageFirstResponse, totalConversations } from './conversation-analytics.ts';
import { employeeList, employeeTicketAnalytics } from './employee-analytics.ts';
import { textEmailAnalytics, totalMessages } from './message-analytics.ts';
import { updatePaymentAnalytics } from './payment-update-analytics.ts';
import { readRange } from './range.ts';

export function registerAnalyticsRouteHandlers(app: FastifyInstance, context: AnalyticsDeps): void {
  registerCall(app, calls.employeeList, (request) => {
    readRange(context, request.query);
    return employeeList(context);
  });
  registerCall(app, calls.employeeTicketAnalytics, (request) =>
    employeeTicketAnalytics(context, readRange(context, request.query), request.query.employees),
  );
  registerCall(app, calls.totalNumberOfConversations, (request) =>
    totalConversations(context, readRange(context, request.query)),
  );
  registerCall(app, calls.averageFirstResponseTime, (request) =>
    averageFirstResponse(context, readRange(context, request.query), false),
  );
  registerCall(app, calls.adjustedAverageFirstResponseTime, (request) =>
    averageFirstResponse(context, readRange(context, request.query), true),
  );
  registerCall(app, calls.totalOutboundMessages, (request) =>
    totalMessages(context, readRange(context, request.query), false),
  );
  registerCall(app, calls.totalInboundMessages, (request) =>
    totalMessages(context, readRange(context, request.query), true),
  );
  registerCall(app, calls.textEmailAnalytics, (request) =>
    textEmailAnalytics(context, readRange(context, request.query), request.query),
  );
  registerCall(app, calls.autoResponseAnalytics, (request) =>
    autoResponseAnalytics(context, readRange(context, request.query)),
  );
  registerCall(app, calls.updatePaymentAnalytics, (request) =>
    updatePaymentAnalytics(context, readRange(context, request.query)),
  );
}
