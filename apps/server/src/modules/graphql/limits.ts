import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isListType,
  isObjectType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type SelectionSetNode,
  type ValidationRule,
} from 'graphql/index.js';
// graphql/index.js, not graphql: graphql 16 has no exports map, so Vite (the tests) would load its
// index.mjs while Node and graphql-yoga load index.js, and two copies refuse each other's types.
import { assumedListSizes, MAX_PAGE_SIZE } from './type-defs.ts';

// How deep a query may nest fields, and how many items it may ask for (decision 033). Introspection
// (__schema, __type: GraphiQL's docs) counts for neither.
export const MAX_QUERY_DEPTH = 8;
export const MAX_QUERY_COST = 10_000;
// A list field that says nothing of its size, and is not in assumedListSizes.
const DEFAULT_LIST_SIZE = 10;

type Walk = { fragments: Map<string, FragmentDefinitionNode>; seen: Set<string> };

// Refuses an operation nested deeper than MAX_QUERY_DEPTH fields.
export const depthLimit: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    const walk = { fragments: fragmentsOf(context.getDocument().definitions), seen: new Set<string>() };
    const depth = depthOf(operation.selectionSet, walk);
    if (depth > MAX_QUERY_DEPTH)
      context.reportError(
        new GraphQLError(
          `The query is ${depth} levels deep; at most ${MAX_QUERY_DEPTH} are allowed. Ask for fewer nested fields.`,
          { nodes: [operation], extensions: { code: 'QUERY_TOO_DEEP' } },
        ),
      );
  },
});

// Refuses an operation whose estimated cost passes MAX_QUERY_COST. A field of an object type costs
// one per item it answers, times what is below it; a list answers its limit argument (a variable:
// the most a limit may be), its ids, or its assumed size; scalars cost nothing.
export const costLimit: ValidationRule = (context) => ({
  OperationDefinition(operation) {
    const root = operation.operation === 'query' ? context.getSchema().getQueryType() : null;
    if (!root) return;
    const walk = { fragments: fragmentsOf(context.getDocument().definitions), seen: new Set<string>() };
    const cost = costOf(operation.selectionSet, root, walk);
    if (cost > MAX_QUERY_COST)
      context.reportError(
        new GraphQLError(
          `The query would cost about ${cost} points; at most ${MAX_QUERY_COST} are allowed. Ask for fewer items (a smaller limit) or fewer nested lists.`,
          { nodes: [operation], extensions: { code: 'QUERY_TOO_COSTLY' } },
        ),
      );
  },
});

function fragmentsOf(definitions: readonly { kind: Kind }[]): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      const fragment = definition as FragmentDefinitionNode;
      fragments.set(fragment.name.value, fragment);
    }
  return fragments;
}

// The fields a selection set selects, through its fragments (a fragment cycle is reported by
// graphql's own rule; here it just stops).
function fieldsOf(selectionSet: SelectionSetNode, walk: Walk): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...fieldsOf(selection.selectionSet, walk));
    else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      if (!fragment || walk.seen.has(name)) continue;
      walk.seen.add(name);
      fields.push(...fieldsOf(fragment.selectionSet, walk));
      walk.seen.delete(name);
    }
  }
  return fields;
}

function depthOf(selectionSet: SelectionSetNode, walk: Walk): number {
  let deepest = 0;
  for (const field of fieldsOf(selectionSet, walk)) {
    if (field.name.value.startsWith('__')) continue;
    const below = field.selectionSet ? depthOf(field.selectionSet, walk) : 0;
    deepest = Math.max(deepest, 1 + below);
  }
  return deepest;
}

function costOf(selectionSet: SelectionSetNode, parent: GraphQLNamedType, walk: Walk): number {
  if (!isObjectType(parent)) return 0;
  let total = 0;
  for (const field of fieldsOf(selectionSet, walk)) {
    const name = field.name.value;
    const definition = parent.getFields()[name];
    // Introspection costs nothing; an unknown field is graphql's own rule's to report.
    if (name.startsWith('__') || !definition || !field.selectionSet) continue;
    const type = getNamedType(definition.type);
    const items = isListType(getNullableType(definition.type)) ? listSize(field, `${parent.name}.${name}`) : 1;
    total += items * (1 + costOf(field.selectionSet, type, walk));
  }
  return total;
}

function listSize(field: FieldNode, key: string): number {
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
