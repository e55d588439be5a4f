import { Readable } from 'node:stream';
import type { Static } from '@sinclair/typebox';
import { formatKst, isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { getAccounts } from '../../store/accounts/accounts.ts';
import type { ListedMessage } from '../../store/messages/admin-message-walks.ts';
import {
  EXPORT_COLUMNS,
  type ExportFormat,
  type MessageExportQuery,
  type MessageExportRow,
} from './message-export-schemas.ts';
import { prepareSearch, type Search, type SearchStep, searchStep } from './message-search.ts';

type ExportRow = Static<typeof MessageExportRow>;

/**
 * Rows read (and written) a page at a time. Each page is one walk of the search over this many
 * messages, and the only rows the export holds: the socket's backpressure stops the walk while
 * the client reads slower than the database answers (bench/export.ts).
 */
export const EXPORT_PAGE = 1000;

/** The answer of an export: a file, streamed. */
export interface MessageExport {
  contentType: string;
  /** Names the search's time (the gateway clock, Korea time): messages-20261125-100000.csv */
  fileName: string;
  body: Readable;
}

/** Spreadsheets run a cell that starts with one of these as a formula (OWASP's CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * A text a spreadsheet would run as a formula gets a leading apostrophe, which shows it as text.
 */
export function csvCell(v: string | number | null): string {
  if (v === null) return '';
  let s = String(v);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

function csvLine(cells: ReadonlyArray<string | number | null>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

const iso = (ms: number | null): string | null => (ms === null ? null : isoKst(ms));

function exportRow(m: ListedMessage, s: Search, accountName: string | null): ExportRow {
  const t = s.texts.textOf(m);
  return {
    msgKey: m.msgKey,
    accountId: m.accountId,
    accountName,
    to: m.to,
    sender: t.sender,
    channel: t.channel,
    step: m.step,
    status: m.status,
    reportCode: m.reportCode,
    reportText: m.reportText,
    ref: m.destRef,
    createdAt: isoKst(m.createdAt),
    doneAt: iso(m.doneAt),
    updatedAt: isoKst(m.updatedAt),
    requestId: m.requestId,
    title: t.title,
    text: t.text,
  };
}

/** The text of one page of rows in the format (JSON: each after a comma but the first). */
function pageText(format: ExportFormat, rows: ExportRow[], first: boolean): string {
  if (format === 'csv') return rows.map((r) => csvLine(EXPORT_COLUMNS.map((c) => r[c]))).join('');
  return rows.map((r, i) => `${first && i === 0 ? '' : ','}\n${JSON.stringify(r)}`).join('');
}

async function* exportText(
  ctx: Ctx,
  s: Search,
  format: ExportFormat,
  firstPage: SearchStep,
): AsyncGenerator<string> {
  // A UTF-8 byte order mark: without it a spreadsheet opens the Korean texts as mojibake.
  yield format === 'csv' ? `\ufeff${csvLine(EXPORT_COLUMNS)}` : '[';
  const names = new Map<string, string | null>();
  let page = firstPage;
  let first = true;
  for (;;) {
    const unknown = [...new Set(page.rows.map((m) => m.accountId))].filter((id) => !names.has(id));
    if (unknown.length > 0) {
      const found = await getAccounts(ctx.store, unknown);
      for (const id of unknown) names.set(id, found.get(id)?.name ?? null);
    }
    const rows = page.rows.map((m) => exportRow(m, s, names.get(m.accountId) ?? null));
    if (rows.length > 0) {
      yield pageText(format, rows, first);
      first = false;
    }
    if (page.next === null) break;
    page = await searchStep(ctx, s, page.next, EXPORT_PAGE, EXPORT_PAGE, true);
  }
  if (format === 'json') yield '\n]\n';
}

/** `yyyyMMdd-HHmmss` of the gateway clock, Korea time. */
function stamp(ms: number): string {
  return formatKst(ms).replaceAll('-', '').replaceAll(':', '').replace(' ', '-');
}

/**
 * GET /admin/v1/messages/export: the whole result of a search (every window of it, not one call's
 * worth: a filter no index serves then walks every message), newest first, as a file written as
 * it is read. The filters and the first page are read before the answer starts, so a bad filter
 * or an unreachable database is a coded refusal; a failure later cuts the transfer short (the
 * client sees an incomplete chunked body, never a file that looks whole).
 */
export async function exportMessages(ctx: Ctx, q: Static<typeof MessageExportQuery>): Promise<MessageExport> {
  const { format, ...filters } = q;
  const s = prepareSearch(filters);
  const at = ctx.clock.now();
  const firstPage = await searchStep(ctx, s, undefined, EXPORT_PAGE, EXPORT_PAGE, true);
  return {
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    fileName: `messages-${stamp(at)}.${format}`,
    // Bytes, not objects: the stream stops asking for the next page once it holds 16 kB the
    // socket has not taken, and Fastify pipes it into the socket, which waits for its drain.
    body: Readable.from(exportText(ctx, s, format, firstPage), { objectMode: false }),
  };
}
