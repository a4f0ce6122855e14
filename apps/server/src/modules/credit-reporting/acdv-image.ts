import { eq } from 'drizzle-orm';
import { acdvRequests } from '@portal/db';
import type { CreditReportingDeps } from './deps.ts';
import type { Actor } from '../../platform/actor.ts';
import { notFound } from '../../platform/http-error.ts';

// GET fcra/get_image {control_number} -> imageString: the dispute image the bureau sent with the
// request (the consumer's letter, an ID), as a data: URL the screen shows as it is.
export async function getAcdvImage(
  context: CreditReportingDeps,
  caller: Actor,
  controlNumber: string,
): Promise<{ imageString: string; content_type: string }> {
  const [request] = await context.db
    .select({ key: acdvRequests.imageStorageKey, contentType: acdvRequests.imageContentType })
    .from(acdvRequests)
    .where(eq(acdvRequests.controlNumber, controlNumber));
  if (!request) throw notFound(`ACDV ${controlNumber} was not found.`);
  if (!request.key || !request.contentType) throw notFound(`ACDV ${controlNumber} came without an image.`);
  const content = await context.storage.read(request.key);
  if (!content) throw notFound(`The image of ACDV ${controlNumber} is missing from the file storage.`);
  return {
    imageString: `data:${request.contentType};base64,${content.toString('base64')}`,
    content_type: request.contentType,
  };
}
