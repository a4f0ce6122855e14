import type { Plugin } from 'graphql-yoga';
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isAbstractType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  parse,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql/index.js';
// graphql/index.js, not graphql: graphql 16 has no exports map, so Vite (the tests) would load its
// index.mjs while Node and graphql-yoga load index.js, and two copies refuse each other's types.
import { assumedListSizes, MAX_PAGE_SIZE } from './type-defs.ts';

// How much work one query may ask for (decision 033), checked before graphql's own validation, so
// a refused query is neither validated further nor run:
// - depth: at most MAX_QUERY_DEPTH nested fields of data; introspection (__schema, __type) at most
//   MAX_INTROSPECTION_DEPTH (graphql's standard introspection query, GraphiQL's, is 15 deep: its
//   TypeRef fragment nests ofType 9 times, and a scalar is a level);
// - fields: at most MAX_QUERY_FIELDS fields, a fragment counted every time it is spread (aliases
//   and fragments spread many times multiply the work of every later step);
// - cost: at most MAX_QUERY_COST points, introspection included.
// Fragments are measured once each (per type for the cost), so a fragment that spreads the next one
// twice, nineteen deep, is 19 steps of work, not 2^19; a fragment cycle counts as nothing here
// (graphql's NoFragmentCycles rule refuses it).
export const MAX_QUERY_DEPTH = 8;
export const MAX_INTROSPECTION_DEPTH = 15;
export const MAX_QUERY_COST = 10_000;
export const MAX_QUERY_FIELDS = 1_000;
// A list field that says nothing of its size, and is not in assumedListSizes.
const DEFAULT_LIST_SIZE = 10;
// Counts stop growing here: a chain of fragments each spread twice doubles them at every step.
const SATURATED = 1_000_000_000;

const INTROSPECTION_ROOTS: ReadonlyMap<string, string> = new Map([
  ['__schema', '__Schema'],
  ['__type', '__Type'],
]);

// The refusals of a document's operations: depth, fields, cost. Worked out once per document
// (yoga keeps the documents it parsed, so a repeated query is the same object).
const refusalsByDocument = new WeakMap<DocumentNode, GraphQLError[]>();

export function queryLimitErrors(schema: GraphQLSchema, document: DocumentNode): GraphQLError[] {
  let errors = refusalsByDocument.get(document);
  if (!errors) {
    errors = measureDocument(schema, document);
    refusalsByDocument.set(document, errors);
  }
  return errors;
}

// The limits as a yoga plugin: a query past a limit is answered 400 with the sentence, and
// graphql's own validation (whose overlapping-fields rule grows with the square of repeated
// fields) does not run on it. A query nested past what graphql's parser can follow (a RangeError
// from its recursion) is refused in words too.
export function useQueryLimits(): Plugin {
  return {
    onParse({ setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parse(source, options);
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          throw new GraphQLError(
            `The query is nested too deeply to read; at most ${MAX_QUERY_DEPTH} levels are allowed.`,
            { extensions: { code: 'QUERY_TOO_DEEP' } },
          );
        }
      });
    },
    onValidate({ params, setResult }) {
      const errors = queryLimitErrors(params.schema, params.documentAST);
      if (errors.length > 0) setResult(errors);
    },
  };
}

function measureDocument(schema: GraphQLSchema, document: DocumentNode): GraphQLError[] {
  const measure = new DocumentMeasure(schema, document);
  const errors: GraphQLError[] = [];
  for (const definition of document.definitions)
    if (definition.kind === Kind.OPERATION_DEFINITION) {
      try {
        errors.push(...measure.refusals(definition));
      } catch (error) {
        // A document past what a recursion can follow; the measures are otherwise linear.
        if (!(error instanceof RangeError)) throw error;
        errors.push(
          new GraphQLError('The query is too large to check. Ask for fewer nested fields and fragments.', {
            nodes: [definition],
            extensions: { code: 'QUERY_TOO_LARGE' },
          }),
        );
      }
    }
  return errors;
}

class DocumentMeasure {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  // What each fragment measures, worked out once per fragment (on its type condition).
  private readonly fieldCounts = new Map<string, number>();
  private readonly depths = new Map<string, number>();
  private readonly costs = new Map<string, number>();
  // The fragments being measured: one met again is a cycle.
  private readonly active = new Set<string>();

  private readonly schema: GraphQLSchema;

  constructor(schema: GraphQLSchema, document: DocumentNode) {
    this.schema = schema;
    for (const definition of document.definitions)
      if (definition.kind === Kind.FRAGMENT_DEFINITION) this.fragments.set(definition.name.value, definition);
  }

  refusals(operation: OperationDefinitionNode): GraphQLError[] {
    const refused = (message: string, code: string) =>
      new GraphQLError(message, { nodes: [operation], extensions: { code } });
    const errors: GraphQLError[] = [];

    const fields = this.fieldCount(operation.selectionSet);
    if (fields > MAX_QUERY_FIELDS)
      errors.push(
        refused(
          `The query asks for ${fields >= SATURATED ? 'over a billion' : fields} fields, counting a fragment each time it is spread; at most ${MAX_QUERY_FIELDS} are allowed. Ask for fewer fields, aliases or fragment spreads.`,
          'QUERY_TOO_LARGE',
        ),
      );

    let dataDepth = 0;
    let introspectionDepth = 0;
    for (const field of this.rootFields(operation.selectionSet)) {
      const depth = 1 + (field.selectionSet ? this.depth(field.selectionSet) : 0);
      if (INTROSPECTION_ROOTS.has(field.name.value)) introspectionDepth = Math.max(introspectionDepth, depth);
      else if (field.name.value !== '__typename') dataDepth = Math.max(dataDepth, depth);
    }
    if (dataDepth > MAX_QUERY_DEPTH)
      errors.push(
        refused(
          `The query is ${dataDepth} levels deep; at most ${MAX_QUERY_DEPTH} are allowed. Ask for fewer nested fields.`,
          'QUERY_TOO_DEEP',
        ),
      );
    if (introspectionDepth > MAX_INTROSPECTION_DEPTH)
      errors.push(
        refused(
          `The introspection query is ${introspectionDepth} levels deep; at most ${MAX_INTROSPECTION_DEPTH} are allowed. Ask for fewer nested fields.`,
          'QUERY_TOO_DEEP',
        ),
      );

    const root = operation.operation === 'query' ? this.schema.getQueryType() : null;
    const cost = root ? this.cost(operation.selectionSet, root) : 0;
    if (cost > MAX_QUERY_COST)
      errors.push(
        refused(
          `The query would cost ${cost >= SATURATED ? 'more than a billion' : `about ${cost}`} points; at most ${MAX_QUERY_COST} are allowed. Ask for fewer items (a smaller limit), fewer nested lists or less introspection.`,
          'QUERY_TOO_COSTLY',
        ),
      );
    return errors;
  }

  // Every field selected, a fragment counted each time it is spread.
  private fieldCount(selectionSet: SelectionSetNode): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD)
        total += 1 + (selection.selectionSet ? this.fieldCount(selection.selectionSet) : 0);
      else if (selection.kind === Kind.INLINE_FRAGMENT) total += this.fieldCount(selection.selectionSet);
      else
        total += this.ofFragment(selection.name.value, this.fieldCounts, (fragment) =>
          this.fieldCount(fragment.selectionSet),
        );
      if (total >= SATURATED) return SATURATED;
    }
    return total;
  }

  // The root fields, through fragments and inline fragments (each fragment once).
  private rootFields(selectionSet: SelectionSetNode, seen = new Set<string>()): FieldNode[] {
    const fields: FieldNode[] = [];
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) fields.push(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...this.rootFields(selection.selectionSet, seen));
      else {
        const fragment = this.fragments.get(selection.name.value);
        if (!fragment || seen.has(fragment.name.value)) continue;
        seen.add(fragment.name.value);
        fields.push(...this.rootFields(fragment.selectionSet, seen));
      }
    }
    return fields;
  }

  // How many fields deep a selection set goes (__typename, a scalar, adds no level).
  private depth(selectionSet: SelectionSetNode): number {
    let deepest = 0;
    for (const selection of selectionSet.selections) {
      let depth: number;
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === '__typename') continue;
        depth = 1 + (selection.selectionSet ? this.depth(selection.selectionSet) : 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) depth = this.depth(selection.selectionSet);
      else depth = this.ofFragment(selection.name.value, this.depths, (fragment) => this.depth(fragment.selectionSet));
      deepest = Math.max(deepest, depth);
    }
    return deepest;
  }

  // A field of an object type costs one per item it answers, times what is below it; a list answers
  // its limit argument (a variable: the most a limit may be), its ids, or its assumed size;
  // introspection lists their share of the schema (introspectionListSizes); scalars cost nothing.
  private cost(selectionSet: SelectionSetNode, parent: GraphQLNamedType): number {
    if (!isObjectType(parent)) return 0;
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? this.schema.getType(selection.typeCondition.name.value) : parent;
        total += this.cost(selection.selectionSet, on ?? parent);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        // A named fragment is measured on its own type condition, whatever the parent.
        total += this.ofFragment(selection.name.value, this.costs, (fragment) =>
          this.cost(fragment.selectionSet, this.schema.getType(fragment.typeCondition.name.value) ?? parent),
        );
      } else if (selection.selectionSet) {
        const name = selection.name.value;
        const isRoot = parent === this.schema.getQueryType();
        const introspectionRoot = isRoot ? INTROSPECTION_ROOTS.get(name) : undefined;
        if (introspectionRoot) {
          total += 1 + this.cost(selection.selectionSet, this.schema.getType(introspectionRoot) ?? parent);
        } else {
          const definition = parent.getFields()[name];
          // An unknown field is graphql's own rule's to report.
          if (!definition) continue;
          const key = `${parent.name}.${name}`;
          const items = isListType(getNullableType(definition.type)) ? this.listSize(selection, key) : 1;
          total += items * (1 + this.cost(selection.selectionSet, getNamedType(definition.type)));
        }
      }
      if (total >= SATURATED) return SATURATED;
    }
    return total;
  }

  private listSize(field: FieldNode, key: string): number {
    const introspection = introspectionListSizes(this.schema)[key];
    if (introspection !== undefined) return introspection;
    for (const argument of field.arguments ?? []) {
      const { value } = argument;
      if (argument.name.value === 'ids' && value.kind === Kind.LIST) return value.values.length;
      if (argument.name.value !== 'limit') continue;
      if (value.kind === Kind.INT) return Math.max(1, Number(value.value));
      if (value.kind === Kind.VARIABLE) return MAX_PAGE_SIZE;
    }
    if (field.arguments?.some((argument) => argument.name.value === 'ids')) return MAX_PAGE_SIZE;
    return assumedListSizes[key] ?? DEFAULT_LIST_SIZE;
  }

  // A fragment's measure, worked out once; 0 for an unknown fragment or a cycle.
  private ofFragment(
    name: string,
    memo: Map<string, number>,
    measure: (fragment: FragmentDefinitionNode) => number,
  ): number {
    const known = memo.get(name);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    if (!fragment || this.active.has(name)) return 0;
    this.active.add(name);
    try {
      const value = Math.min(SATURATED, measure(fragment));
      memo.set(name, value);
      return value;
    } finally {
      this.active.delete(name);
    }
  }
}

// How many items an introspection list is assumed to answer: __Schema.types all the schema's
// types; the others their average over what holds them (fields per type, arguments per field,
// ...), so asking every type with its fields costs about the schema's fields in all. GraphiQL's
// introspection query costs about 2,000 points, and twenty of them in one query are refused.
const introspectionSizesBySchema = new WeakMap<GraphQLSchema, Readonly<Record<string, number>>>();

export function introspectionListSizes(schema: GraphQLSchema): Readonly<Record<string, number>> {
  const known = introspectionSizesBySchema.get(schema);
  if (known) return known;
  const types = Object.values(schema.getTypeMap());
  const totals = { fields: 0, args: 0, inputFields: 0, enumValues: 0, interfaces: 0, possibleTypes: 0 };
  for (const type of types) {
    if (isObjectType(type) || isInterfaceType(type)) {
      const fields = Object.values(type.getFields());
      totals.fields += fields.length;
      totals.args += fields.reduce((sum, field) => sum + field.args.length, 0);
      totals.interfaces += type.getInterfaces().length;
    }
    if (isInputObjectType(type)) totals.inputFields += Object.keys(type.getFields()).length;
    if (isEnumType(type)) totals.enumValues += type.getValues().length;
    if (isAbstractType(type)) totals.possibleTypes += schema.getPossibleTypes(type).length;
  }
  const directives = schema.getDirectives();
  const directiveArgs = directives.reduce((sum, directive) => sum + directive.args.length, 0);
  const share = (total: number, over: number) => Math.max(1, Math.ceil(total / Math.max(1, over)));
  const sizes = {
    '__Schema.types': types.length,
    '__Schema.directives': directives.length,
    '__Type.fields': share(totals.fields, types.length),
    '__Type.inputFields': share(totals.inputFields, types.length),
    '__Type.enumValues': share(totals.enumValues, types.length),
    '__Type.interfaces': share(totals.interfaces, types.length),
    '__Type.possibleTypes': share(totals.possibleTypes, types.length),
    '__Field.args': share(totals.args, totals.fields),
    '__Directive.args': share(directiveArgs, directives.length),
  };
  introspectionSizesBySchema.set(schema, sizes);
  return sizes;
}
