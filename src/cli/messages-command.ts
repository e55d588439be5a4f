import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Ctx } from '../context.ts';
import { GatewayError } from '../errors.ts';
import { showMessage } from '../features/admin/message-detail.ts';
import { showMessageRequest } from '../features/admin/message-request.ts';
import { MESSAGE_STATUSES, MessageSearchQuery } from '../features/admin/message-schemas.ts';
import { searchMessages } from '../features/admin/message-search.ts';
import { OPS_LIMIT_MAX, SCAN_WINDOW } from '../features/admin/ops-doc.ts';
import { int, str, UsageError, type Values } from './args.ts';
import type { Sub } from './group.ts';

type Query = Static<typeof MessageSearchQuery>;

/** The query's fields by the option that gives them. */
const FLAGS = {
  'msg-key': 'msgKey',
  account: 'accountId',
  status: 'status',
  to: 'to',
  sender: 'sender',
  text: 'text',
  from: 'from',
  until: 'until',
  limit: 'limit',
  cursor: 'cursor',
} as const satisfies Record<string, keyof Query>;

/** The query's schema but its status, which Value cannot read (an Unsafe enum) and is checked by hand. */
const CHECKED = Type.Omit(MessageSearchQuery, ['status']);

/** A number typed as 010-1234-5678 or with spaces is still the number (as the console reads it). */
const digits = (s: string | undefined) => s?.replace(/[\s-]/g, '');

/**
 * The options as GET /admin/v1/messages takes its query, checked against the same schema, so that
 * the command refuses what the API refuses (with the option's name); a bad time or from after
 * until is refused by the search itself, as over HTTP.
 */
function searchQuery(v: Values): Query {
  const raw: Record<string, string | number | undefined> = {
    msgKey: str(v, 'msg-key'),
    accountId: str(v, 'account'),
    status: str(v, 'status'),
    to: digits(str(v, 'to')),
    sender: digits(str(v, 'sender')),
    text: str(v, 'text'),
    from: str(v, 'from'),
    until: str(v, 'until'),
    limit: str(v, 'limit') === undefined ? undefined : int('limit', str(v, 'limit') ?? ''),
    cursor: str(v, 'cursor'),
  };
  const q = Object.fromEntries(Object.entries(raw).filter(([, x]) => x !== undefined));
  const { status, ...rest } = q;
  const known = MESSAGE_STATUSES.find((s) => s === status);
  if (status !== undefined && !known) {
    throw new UsageError(
      `--status must be one of ${MESSAGE_STATUSES.join(', ')}, got ${JSON.stringify(status)}`,
    );
  }
  const wrong = Value.Errors(CHECKED, rest).First();
  if (wrong) {
    const field = wrong.path.slice(1);
    const flag = Object.entries(FLAGS).find(([, f]) => f === field)?.[0] ?? field;
    const rule =
      flag === 'limit'
        ? `1 to ${OPS_LIMIT_MAX}`
        : flag === 'to' || flag === 'sender'
          ? '1 to 20 digits'
          : flag === 'text'
            ? '1 to 200 characters'
            : wrong.message.toLowerCase();
    throw new UsageError(`--${flag} must be ${rule}, got ${JSON.stringify(String(q[field] ?? ''))}`);
  }
  if (!Value.Check(CHECKED, rest)) throw new UsageError('the search options are not valid');
  return known ? { ...rest, status: known } : rest;
}

/** What the console's message page shows: GET /admin/v1/messages/{msgKey} and its /request. */
async function messagePage(ctx: Ctx, msgKey: string) {
  const message = await showMessage(ctx, msgKey);
  try {
    return { message, request: await showMessageRequest(ctx, msgKey), requestNote: null };
  } catch (err) {
    // The message is there, its request was purged (or never kept): the page says so, as the console's does.
    if (err instanceof GatewayError && err.code === 'A820') {
      return { message, request: null, requestNote: err.message };
    }
    throw err;
  }
}

const SEARCH_OPTIONS = Object.fromEntries(Object.keys(FLAGS).map((f) => [f, { type: 'string' }] as const));

/** `omnigate messages list|show`: the operator's message search and message page (console: Messages). */
export const MESSAGES: Record<string, Sub> = {
  list: {
    options: SEARCH_OPTIONS,
    readOnly: true,
    gatewayClock: true,
    help: {
      usage: 'messages list [--account ACCOUNT_ID] [--status S] [--to N] [--sender N]',
      more: ['[--text T] [--from TIME] [--until TIME] [--msg-key K] [--limit N] [--cursor NEXT]'],
      summary: 'search messages of every account, newest first',
      about:
        "The search of the console's Messages page and of GET /admin/v1/messages, with the same answer:\n" +
        '{ messages, next, searchedUntil }, times in ISO 8601. By msgKey (one message), by account (its\n' +
        `index, narrowed by --from/--until), else in msgKey order. A filter no index serves (--to,\n` +
        `--status, --sender, --text; --from/--until without --account) is checked on at most ${SCAN_WINDOW}\n` +
        'messages per call: follow `next` with --cursor to look further; `searchedUntil` says how far\n' +
        'this call looked.',
      options: [
        ['--account ACCOUNT_ID', "the account's messages only"],
        ['--status S', MESSAGE_STATUSES.join(', ')],
        ['--to N', 'the recipient number (exact; dashes and spaces are dropped)'],
        ['--sender N', 'the sender number of any step of its messageFlow (exact)'],
        ['--text T', 'a part of what the recipient got (any case)'],
        [
          '--from TIME',
          'accepted at or after: ISO 8601 (2026-12-02T10:00:00+09:00)\nor yyyy-MM-dd HH:mm:ss in Korea time',
        ],
        ['--until TIME', 'accepted before (the same forms)'],
        ['--msg-key K', 'one message'],
        ['--limit N', `at most N messages, 1 to ${OPS_LIMIT_MAX} (default 50)`],
        ['--cursor NEXT', 'the `next` of the previous answer (with the same filters)'],
      ],
      examples: [
        'omnigate messages list --account acc_0123456789abcdef --status failed --limit 20',
        "omnigate messages list --to 010-1234-5678 --from '2026-12-02 09:00:00'",
      ],
    },
    build: (v) => {
      const q = searchQuery(v);
      return (ctx) => searchMessages(ctx, q);
    },
  },
  show: {
    options: {},
    positionals: 1,
    readOnly: true,
    gatewayClock: true,
    help: {
      usage: 'messages show MSG_KEY',
      summary: 'one message: attempts, reports, its request and answer',
      about:
        "What the console's message page shows, as JSON:\n" +
        '  message      GET /admin/v1/messages/{msgKey}: the message, its flow, every attempt (failover\n' +
        '               steps), its reports with every webhook post of each\n' +
        '  request      GET /admin/v1/messages/{msgKey}/request: the send it came from as stored, and\n' +
        '               the per-recipient answer its client got; null once the request is no longer kept\n' +
        '  requestNote  why request is null',
      examples: ['omnigate messages show 0mkqz9a1b0000a1b2c3d4'],
    },
    build:
      (_v, [msgKey = '']) =>
      (ctx) =>
        messagePage(ctx, msgKey),
  },
};
