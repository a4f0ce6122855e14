import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  LIST_EXPORT_MAX_ROWS,
  listExportFileName,
  listExports,
  permissionRefusal,
  requiredPermissions,
  type ListExportName,
} from '@portal/contracts';
import type { ListExportsDeps } from './deps.ts';
import { requirePermission, type Actor } from '../../platform/actor.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { businessToday } from '../../platform/business-date.ts';
import { csvHeader, csvLine } from '../../platform/csv.ts';
import type { ListSource } from '../../platform/list-source.ts';
import type { CsvColumns } from './list-columns.ts';

export const LIST_EXPORTED_ACTION = 'list.exported';
// Rows read at a time: each page becomes CSV text before the next is read, so ten thousand rows
// are never held as objects at once, and the event loop turns between pages.
export const EXPORT_PAGE_ROWS = 1_000;
// A spreadsheet reads a UTF-8 file as UTF-8 (names with accents) only when it starts with this mark.
const UTF8_BOM = '\uFEFF';

export type ExportedList<Filters, Row> = {
  name: ListExportName;
  source: ListSource<Filters, Row>;
  columns: CsvColumns<Row>;
  // What narrows the list in the file's name (a survey's path).
  fileDetail?: (filters: Filters) => string;
};

export type ListExportFile = {
  fileName: string;
  body: string;
  rows: number;
  total: number;
  truncated: boolean;
};

// One list's CSV (issue 40, decision 060). The caller holds lists.export (the call's descriptor) and
// must hold the list's own access too (its screen's call's descriptor), or it is 403 before anything
// is read. The count, the rows and the audit event are one repeatable-read transaction: the file is
// one snapshot of the list, and no file leaves unrecorded (the body is sent after the commit). Over
// LIST_EXPORT_MAX_ROWS the file holds the first rows in the list's order; the answer says how many
// the filters matched.
export async function exportList<Filters, Row>(
  deps: ListExportsDeps,
  actor: Actor,
  list: ExportedList<Filters, Row>,
  filters: Filters,
): Promise<ListExportFile> {
  const { list: listCall, name } = listExports[list.name];
  for (const permission of requiredPermissions(listCall.access))
    requirePermission(actor, permission, permissionRefusal(permission));
  const fileName = listExportFileName(
    name,
    businessToday(deps.clock, deps.businessTimeZone),
    list.fileDetail?.(filters),
  );
  return deps.db.transaction(
    async (tx) => {
      const total = await list.source.count(tx, filters);
      const wanted = Math.min(total, LIST_EXPORT_MAX_ROWS);
      const parts = [UTF8_BOM + csvHeader(list.columns.map(([header]) => header))];
      let rows = 0;
      for (let offset = 0; offset < wanted; offset += EXPORT_PAGE_ROWS) {
        const page = await list.source.rows(tx, filters, {
          limit: Math.min(EXPORT_PAGE_ROWS, wanted - offset),
          offset,
        });
        parts.push(page.map((row) => csvLine(list.columns.map(([, value]) => value(row)))).join(''));
        rows += page.length;
        await nextTurn();
      }
      const truncated = total > rows;
      await recordAuditEvent(tx, {
        employeeId: actor.employeeId,
        action: LIST_EXPORTED_ACTION,
        entityType: 'list',
        entityId: name,
        after: { filters, rows, total, truncated, file_name: fileName },
        ipAddress: actor.ipAddress,
      });
      return { fileName, body: parts.join(''), rows, total, truncated };
    },
    { isolationLevel: 'repeatable read' },
  );
}
