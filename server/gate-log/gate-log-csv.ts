import type { GateLogDto } from '@core/api/gate-log';
import { LOG_CSV_COLUMNS, logCsvCells } from '@core/api/gate-log-cells';
import { csvLine } from '@core/csv/csv-writer';
import type { LogTimeZone } from '@core/time/log-time-zones';

/** The CSV text of a stream of logs: a header line, then one line per log in the chosen time zone. */
export async function* logsAsCsv(logs: AsyncIterable<GateLogDto>, zone: LogTimeZone): AsyncGenerator<string> {
  yield csvLine(LOG_CSV_COLUMNS);
  let chunk = '';
  for await (const log of logs) {
    chunk += csvLine(logCsvCells(log, zone));
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

export function csvFileName(zone: LogTimeZone, now: Date): string {
  return `gate-logs-${now.toISOString().slice(0, 10)}-${zone}.csv`;
}
