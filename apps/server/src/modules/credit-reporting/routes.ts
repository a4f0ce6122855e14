import type { FastifyInstance } from 'fastify';
import { creditReportingCalls as calls } from '@portal/contracts';
import type { CreditReportingDeps } from './deps.ts';
import { actorOf } from '../../platform/actor.ts';
import { registerCall } from '../../platform/register-call.ts';
import { registerAcdvConsumerInfoRoute } from './acdv-consumer-info.ts';
import { getAcdvImage } from './acdv-image.ts';
import { importAcdvUploads } from './acdv-import.ts';
import { recordAndProcessAcdvs } from './acdv-response-file.ts';
import { nextAcdvRequest } from './acdv-request.ts';
import { respondToAcdv } from './acdv-response.ts';
import { createAdjustment } from './adjustments.ts';
import { generateCorrectionFile } from './correction-file.ts';
import { recordFcraBankruptcy } from './fcra-bankruptcy.ts';
import { lookUpLoan } from './fcra-lookup.ts';
import { sendFcraMailer } from './fcra-mailer.ts';
import { listReportingFiles, openReportingFile } from './reporting-files.ts';

// The credit-bureau calls (spec 001 section 7): fcra_dashboard/ (the loan lookup and its actions),
// fcra/ (ACDVs and the files made for the bureaus), cr_adj/ (adjustments). HTTP only: permissions,
// rules and transactions are the services'.
export function registerCreditReportingRouteHandlers(app: FastifyInstance, context: CreditReportingDeps): void {
  registerCall(app, calls.fcraLookup, (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return lookUpLoan(context, request.query.loan_id, request.query.report_date);
  });

  registerCall(app, calls.fileBankruptcy, (request) => {
    const { date_filed: date, ...form } = request.body;
    return recordFcraBankruptcy(context, actorOf(request), 'file', { ...form, date });
  });

  registerCall(app, calls.dischargeBankruptcy, (request) => {
    const { date_discharged: date, ...form } = request.body;
    return recordFcraBankruptcy(context, actorOf(request), 'discharge', { ...form, date });
  });

  registerCall(app, calls.fcraMailer, (request) =>
    sendFcraMailer(context, actorOf(request), request.body.id, request.body.code),
  );

  registerCall(app, calls.acdvRequest, (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return nextAcdvRequest(context, actorOf(request), request.query.skip);
  });

  registerCall(app, calls.acdvResponse, (request) => respondToAcdv(context, actorOf(request), request.body));

  registerCall(app, calls.acdvImage, (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getAcdvImage(context, actorOf(request), request.query.control_number);
  });

  registerAcdvConsumerInfoRoute(app, context);

  registerCall(app, calls.recordAndProcessAcdvs, (request) => recordAndProcessAcdvs(context, actorOf(request)));

  registerCall(app, calls.importAcdvs, (request) => importAcdvUploads(context, actorOf(request), request), {
    config: { acceptsUploads: true },
  });

  registerCall(app, calls.reportingFiles, () => listReportingFiles(context));

  registerCall(app, calls.reportingFile, async (request, reply) => {
    const file = await openReportingFile(context, actorOf(request), request.params.id);
    return reply
      .type(file.kind === 'acdv_response' ? 'application/json' : 'text/plain; charset=us-ascii')
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]+/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });

  registerCall(app, calls.createAdjustment, (request) => createAdjustment(context, actorOf(request), request.body));

  registerCall(app, calls.correctionFile, (request) => generateCorrectionFile(context, actorOf(request)));
}
