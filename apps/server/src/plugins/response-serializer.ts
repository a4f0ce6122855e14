import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

// Responses are written by fast-json-stringify from the JSON Schema of their zod contract: only the
// contract's fields leave the server (anything else on the object is dropped), and no time is spent
// validating output that TypeScript already checked. (fastify-type-provider-zod's serializer ran the
// whole zod schema over every response: 12% of the CPU of the ticket queue; decision 011.)
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  return compileSerializer(schema);
};

// Each contract's writer, made once per process: a contract's schema is one object, and the writer
// depends on nothing else. A process that builds the app more than once (a test worker builds one per
// test file) spent about a tenth of its time making the same writers again.
const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();

// The writer of one contract's JSON, for a route that assembles its response body itself.
export function compileSerializer<Schema extends z.ZodType>(schema: Schema): (data: z.output<Schema>) => string {
  const known = serializers.get(schema);
  if (known) return known;
  const jsonSchema = nullableAsTypeList(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema);
  delete jsonSchema.$schema;
  const serializer = fastJson(jsonSchema);
  serializers.set(schema, serializer);
  return serializer;
}

// zod writes a nullable object as anyOf [object, null]; fast-json-stringify would check every value
// against both with a validator. type: ['object', 'null'] says the same and is written directly.
function nullableAsTypeList(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(nullableAsTypeList) as unknown as JsonSchema;
  if (typeof node !== 'object' || node === null) return node as JsonSchema;
  const entries = Object.entries(node as JsonSchema).map(([key, value]) => [key, nullableAsTypeList(value)] as const);
  const result: JsonSchema = Object.fromEntries(entries);
  const tagged = discriminatedAsIfThenElse(result);
  if (tagged) return tagged;
  const anyOf = result.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const other = anyOf.find((branch: JsonSchema) => branch.type !== 'null') as JsonSchema | undefined;
    const hasNull = anyOf.some((branch: JsonSchema) => branch.type === 'null');
    if (hasNull && other && typeof other.type === 'string') {
      delete result.anyOf;
      return { ...result, ...other, type: [other.type, 'null'] };
    }
  }
  return result;
}

// A discriminated union (oneOf objects told apart by one property's const, as users/search's
// {kind: 'user' | 'suggestions'}) would have fast-json-stringify validate the whole value against
// every branch. if/then/else on the discriminator alone validates one small property instead.
function discriminatedAsIfThenElse(node: JsonSchema): JsonSchema | null {
  const branches = node.oneOf ?? node.anyOf;
  if (!Array.isArray(branches) || branches.length < 2) return null;
  const objects = branches as JsonSchema[];
  if (!objects.every((branch) => branch.type === 'object' && typeof branch.properties === 'object')) return null;
  const propertiesOf = (branch: JsonSchema) => branch.properties as Record<string, JsonSchema>;
  const key = Object.keys(propertiesOf(objects[0]!)).find((name) =>
    objects.every((branch) => propertiesOf(branch)[name]?.const !== undefined),
  );
  if (key === undefined) return null;
  const chain = (index: number): JsonSchema => {
    const branch = objects[index]!;
    if (index === objects.length - 1) return branch;
    return {
      if: { type: 'object', properties: { [key]: { const: propertiesOf(branch)[key]!.const } }, required: [key] },
      then: branch,
      else: chain(index + 1),
    };
  };
  const { oneOf: _oneOf, anyOf: _anyOf, ...rest } = node;
  return { ...rest, ...chain(0) };
}
