import type { FastifyRequest } from 'fastify';
import { created } from './activity-changes';
import { recordActivity } from './record-activity';

export interface ExportRecord {
  /** "the gate log", "the activity trail". */
  what: string;
  objectKind: string;
  propertyId: string | null;
  rows: number;
  /** The filter the export was asked for. */
  filter: Record<string, unknown>;
}

/**
 * An export changes nothing, but who took a copy of the records, and which, is worth keeping:
 * recorded in a transaction of its own before the file is sent.
 */
export function recordExport(request: FastifyRequest, entry: ExportRecord) {
  return request.server.db.transaction((tx) =>
    recordActivity(tx, request, {
      summary: `Exported ${entry.rows} ${entry.rows === 1 ? 'entry' : 'entries'} of ${entry.what} as CSV`,
      object: { kind: entry.objectKind, id: null, propertyId: entry.propertyId },
      changes: created({ rows: entry.rows, filter: entry.filter }),
    }),
  );
}
