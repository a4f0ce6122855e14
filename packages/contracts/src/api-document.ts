import { z } from 'zod';
import { defineCall } from './call.ts';

// The API described: an OpenAPI 3.1 document generated on the server from these contracts
// (apps/server/src/plugins/openapi.ts), for signed-in staff. Its path has a dot, as OpenAPI
// documents are named, so it is not one of apiCalls (whose paths are words).
export const API_DOCUMENT_PATH = 'openapi.json';

export const API_OPERATION_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type ApiOperationMethod = (typeof API_OPERATION_METHODS)[number];

// JSON Schema, as the document carries it: read and shown, never interpreted by the web app.
const jsonSchema = z.unknown();

const apiMediaSchema = z.looseObject({ schema: jsonSchema.optional() });

// The parts of an operation the viewer shows; anything else in the document passes through.
export const apiOperationSchema = z.looseObject({
  operationId: z.string().optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z
    .array(
      z.looseObject({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: jsonSchema.optional(),
      }),
    )
    .optional(),
  requestBody: z
    .looseObject({ required: z.boolean().optional(), content: z.record(z.string(), apiMediaSchema) })
    .optional(),
  responses: z.record(
    z.string(),
    z.looseObject({ description: z.string(), content: z.record(z.string(), apiMediaSchema).optional() }),
  ),
  // An empty list: the operation needs no staff session.
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});
export type ApiOperation = z.infer<typeof apiOperationSchema>;

// A path's operations by method (other keys of a path item pass through).
const apiPathItemSchema = z.looseObject({
  get: apiOperationSchema.optional(),
  post: apiOperationSchema.optional(),
  put: apiOperationSchema.optional(),
  patch: apiOperationSchema.optional(),
  delete: apiOperationSchema.optional(),
} satisfies Record<ApiOperationMethod, z.ZodType>);
export type ApiPathItem = z.infer<typeof apiPathItemSchema>;

export const apiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), apiPathItemSchema),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  components: z
    .looseObject({
      securitySchemes: z
        .record(z.string(), z.looseObject({ type: z.string(), description: z.string().optional() }))
        .optional(),
    })
    .optional(),
});
export type ApiDocument = z.infer<typeof apiDocumentSchema>;

export const apiDocumentCall = defineCall({
  method: 'GET',
  path: API_DOCUMENT_PATH,
  access: 'signedIn',
  response: apiDocumentSchema,
});
