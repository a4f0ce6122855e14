import { API_OPERATION_METHODS, type ApiDocument, type ApiOperation, type ApiOperationMethod } from '@portal/contracts';

export type ListedOperation = {
  method: ApiOperationMethod;
  path: string;
  operation: ApiOperation;
  // What a caller must send, in words: "Staff session", "Public", "Twilio signature".
  access: string;
};

export type OperationGroup = { tag: string; operations: ListedOperation[] };

// What the security requirements say, in words: the document's default applies unless the
// operation has its own (an empty list: no credentials at all).
function accessOf(document: ApiDocument, operation: ApiOperation): string {
  const requirements = operation.security ?? document.security ?? [];
  if (requirements.length === 0) return 'Public';
  return requirements.map((requirement) => Object.keys(requirement).map(schemeWords).join(' and ')).join(' or ');
}

// A security scheme's name in words: staffSession -> "Staff session".
function schemeWords(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Every operation of the document, grouped by its first tag (groups and operations sorted by path),
// keeping those whose method, path, id, summary or tag contain the filter's words.
export function groupOperations(document: ApiDocument, filter = ''): OperationGroup[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const groups = new Map<string, ListedOperation[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of API_OPERATION_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const text = [method, path, operation.operationId, operation.summary, tag].join(' ').toLowerCase();
      if (!words.every((word) => text.includes(word))) continue;
      const listed = { method, path, operation, access: accessOf(document, operation) };
      groups.set(tag, [...(groups.get(tag) ?? []), listed]);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => ({
      tag,
      operations: operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method)),
    }));
}
