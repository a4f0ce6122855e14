// graphql/index.js, not graphql: the copy graphql-yoga loads (see limits.ts).
import {
  getNamedType,
  getOperationAST,
  isObjectType,
  Kind,
  type DocumentNode,
  type ExecutionArgs,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql/index.js';

// The fields an operation asks of each object type, through its fragments: what the reads of that
// type must select (repository.ts selectLists). A type asked in two places (a customer's loans and
// loan(id)) gets both places' fields.
export type AskedFields = ReadonlyMap<string, ReadonlySet<string>>;

export function askedFields(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): AskedFields {
  const asked = new Map<string, Set<string>>();
  const operation = getOperationAST(document, operationName);
  const root = operation ? schema.getRootType(operation.operation) : undefined;
  if (!operation || !root) return asked;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);

  const visit = (selectionSet: SelectionSetNode, type: GraphQLObjectType, inFragments: ReadonlySet<string>) => {
    let fields = asked.get(type.name);
    if (!fields) {
      fields = new Set();
      asked.set(type.name, fields);
    }
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const name = selection.name.value;
        fields.add(name);
        const definition = type.getFields()[name];
        const below = definition ? getNamedType(definition.type) : undefined;
        if (selection.selectionSet && isObjectType(below)) visit(selection.selectionSet, below, inFragments);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const on = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (isObjectType(on)) visit(selection.selectionSet, on, inFragments);
      } else {
        const fragment = fragments.get(selection.name.value);
        // A cycle is refused by graphql's validation before anything runs; here it just stops.
        if (!fragment || inFragments.has(fragment.name.value)) continue;
        const on = schema.getType(fragment.typeCondition.name.value);
        if (isObjectType(on)) visit(fragment.selectionSet, on, new Set([...inFragments, fragment.name.value]));
      }
    }
  };
  visit(operation.selectionSet, root, new Set());
  return asked;
}

// A value worked out once per document and operation name (a document may hold several operations).
// Yoga keeps the documents it parsed, so a repeated query is the same document object.
export function perOperation<Value>(build: (args: ExecutionArgs) => Value): (args: ExecutionArgs) => Value {
  const byDocument = new WeakMap<DocumentNode, Map<string, Value>>();
  return (args) => {
    let byName = byDocument.get(args.document);
    if (!byName) {
      byName = new Map();
      byDocument.set(args.document, byName);
    }
    const name = args.operationName ?? '';
    if (!byName.has(name)) byName.set(name, build(args));
    return byName.get(name) as Value;
  };
}
