import { isoKst } from '../clock.ts';
import {
  createAccount,
  listAccountSummaries,
  requireAccount,
  showAccount,
} from '../features/admin/accounts.ts';
import { putBrand } from '../features/admin/brands.ts';
import { createKey, revokeApiKey, setApiKeyDlr } from '../features/admin/keys.ts';
import { putProfile } from '../features/admin/profiles.ts';
import { rotateSecrets } from '../features/admin/secrets.ts';
import { addSender } from '../features/admin/senders.ts';
import { REPORT_MODES, setLimits, setReportMode, setWebhook } from '../features/admin/settings.ts';
import {
  addRule,
  addToOptOutList,
  listRulePage,
  optOutPage,
  removeFromOptOutList,
  removeRule,
} from '../features/policy/manage.ts';
import { listAudit } from '../store/accounts/audit.ts';
import { int, need, str, UsageError, type Values } from './args.ts';
import { gatewayClock } from './context.ts';
import { groupUsage, runGroup, type Sub } from './group.ts';
import { MESSAGES } from './messages-command.ts';

// Kept where the other commands (purge, demo) have always imported them from.
export { cliUser, gatewayClock, withCtx } from './context.ts';

/** `N` or `none` (no limit); absent keeps the current value. */
function limit(values: Values, name: string): number | null | undefined {
  const raw = str(values, name);
  if (raw === undefined) return undefined;
  return raw === 'none' ? null : int(name, raw);
}

const PAGE_OPTIONS = [
  ['--limit N', 'at most N entries (default 50)'],
  ['--cursor NEXT', 'the `next` of the previous page: go on where it stopped'],
] as const;

const ACCOUNT = { account: { type: 'string' } } as const;

const ADMIN_GROUPS: Record<string, Record<string, Sub>> = {
  accounts: {
    create: {
      options: { name: { type: 'string' } },
      help: {
        usage: 'accounts create --name NAME',
        summary: 'create an account and its first API key',
        about:
          'Prints the account and its first API key (POST /admin/v1/accounts). The key is shown only\n' +
          'here: keep it; `keys create` makes another.',
        options: [['--name NAME', "the account's name (required)"]],
        examples: ['omnigate accounts create --name acme'],
      },
      build: (v) => (ctx) => createAccount(ctx, { name: need(v, 'name') }),
    },
    list: {
      options: {},
      help: {
        usage: 'accounts list',
        summary: 'list accounts',
        about: 'Every account with its report mode and creation time (GET /admin/v1/accounts).',
        examples: ['omnigate accounts list'],
      },
      build: () => (ctx) => listAccountSummaries(ctx),
    },
    show: {
      options: {},
      positionals: 1,
      help: {
        usage: 'accounts show ACCOUNT_ID',
        summary: 'an account with its keys and registrations',
        about:
          'Its settings, API keys (never the keys themselves), sender numbers, profiles and brands\n' +
          '(GET /admin/v1/accounts/{accountId}).',
        examples: ['omnigate accounts show acc_0123456789abcdef'],
      },
      build:
        (_v, [id = '']) =>
        (ctx) =>
          showAccount(ctx, id),
    },
  },
  keys: {
    create: {
      options: ACCOUNT,
      help: {
        usage: 'keys create --account ACCOUNT_ID',
        summary: 'another API key for the account',
        about: "The new key is printed once, here; the account's other keys keep working.",
        options: [['--account ACCOUNT_ID', 'the account (required)']],
        examples: ['omnigate keys create --account acc_0123456789abcdef'],
      },
      build: (v) => (ctx) => createKey(ctx, need(v, 'account')),
    },
    revoke: {
      options: {},
      positionals: 1,
      help: {
        usage: 'keys revoke KEY_ID',
        summary: 'revoke an API key for good',
        about: 'Refused from then on (other running gateways within their key cache time).',
        examples: ['omnigate keys revoke key_0123456789abcdef'],
      },
      build:
        (_v, [id = '']) =>
        (ctx) =>
          revokeApiKey(ctx, id),
    },
    dlr: {
      options: { on: { type: 'boolean' }, off: { type: 'boolean' } },
      positionals: 1,
      help: {
        usage: 'keys dlr KEY_ID --on|--off',
        summary: 'international DLR records for a key',
        options: [
          ['--on', 'the key receives DLR records'],
          ['--off', 'it does not'],
        ],
        examples: ['omnigate keys dlr key_0123456789abcdef --on'],
      },
      build: (v, [id = '']) => {
        if (v.on === v.off) throw new UsageError('give exactly one of --on or --off');
        return (ctx) => setApiKeyDlr(ctx, { keyId: id, dlr: v.on === true });
      },
    },
  },
  senders: {
    add: {
      options: { ...ACCOUNT, number: { type: 'string' } },
      help: {
        usage: 'senders add --account ACCOUNT_ID --number N',
        summary: 'register a sender number (digits only)',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--number N', 'the number its SMS, LMS and MMS are sent from, digits only (required)'],
        ],
        examples: ['omnigate senders add --account acc_0123456789abcdef --number 01012345678'],
      },
      build: (v) => (ctx) => addSender(ctx, { accountId: need(v, 'account'), number: need(v, 'number') }),
    },
  },
  profiles: {
    add: {
      options: {
        ...ACCOUNT,
        'sender-key': { type: 'string' },
        name: { type: 'string' },
        'friend-count': { type: 'string' },
        'business-verified': { type: 'boolean' },
        'channel-phone': { type: 'string' },
        'consent-evidence': { type: 'boolean' },
        'channel-id': { type: 'string' },
      },
      help: {
        usage: 'profiles add --account ACCOUNT_ID --sender-key K',
        more: [
          '[--name N] [--friend-count N] [--business-verified] [--channel-phone N]',
          '[--consent-evidence] [--channel-id ID]',
        ],
        summary: 'register or update a channel profile',
        about:
          'A sender profile of the informational and brand channels. Run again with the same --sender-key\n' +
          'to update it: options left out keep their value, and a flag can only turn its fact on.',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--sender-key K', "the profile's senderKey (required)"],
          ['--name N', 'its name'],
          ['--friend-count N', 'how many friends the channel has'],
          ['--business-verified', 'the channel is a verified business'],
          ['--channel-phone N', "the channel's phone number"],
          ['--consent-evidence', "the account holds its recipients' consent"],
          ['--channel-id ID', "the channel's id"],
        ],
        examples: ['omnigate profiles add --account acc_0123456789abcdef --sender-key sk-acme --name Acme'],
      },
      build: (v) => {
        const friends = str(v, 'friend-count');
        const input = {
          accountId: need(v, 'account'),
          senderKey: need(v, 'sender-key'),
          name: str(v, 'name'),
          friendCount: friends === undefined ? undefined : int('friend-count', friends),
          // A flag can only turn these on; absent leaves an existing profile's value alone.
          businessVerified: v['business-verified'] === true ? true : undefined,
          consentEvidence: v['consent-evidence'] === true ? true : undefined,
          channelPhoneNumber: str(v, 'channel-phone'),
          channelId: str(v, 'channel-id'),
        };
        return (ctx) => putProfile(ctx, input);
      },
    },
  },
  brands: {
    add: {
      options: {
        ...ACCOUNT,
        'brand-id': { type: 'string' },
        'brand-key': { type: 'string' },
        name: { type: 'string' },
      },
      help: {
        usage: 'brands add --account ACCOUNT_ID --brand-id ID --brand-key K --name N',
        summary: 'register or update an RCS brand',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--brand-id ID', "the brand's id (required)"],
          ['--brand-key K', 'the brandKey its RCS messages name (required)'],
          ['--name N', "the brand's name (required)"],
        ],
        examples: [
          'omnigate brands add --account acc_0123456789abcdef --brand-id BR.acme --brand-key bk-acme --name Acme',
        ],
      },
      build: (v) => {
        const input = {
          accountId: need(v, 'account'),
          brandId: need(v, 'brand-id'),
          brandKey: need(v, 'brand-key'),
          name: need(v, 'name'),
        };
        return (ctx) => putBrand(ctx, input);
      },
    },
  },
  webhook: {
    set: {
      options: { ...ACCOUNT, url: { type: 'string' }, secret: { type: 'string' } },
      help: {
        usage: 'webhook set --account ACCOUNT_ID --url URL [--secret S]',
        summary: 'webhook for MO and reports (secret generated)',
        about:
          "Where the account's MO messages and (in webhook mode) reports are posted, signed with the\n" +
          'secret. Without --secret one is generated and printed once, here. The secret is never in the\n' +
          'audit log.',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--url URL', 'the receiver (required)'],
          ['--secret S', 'the signing secret (default: a new random one)'],
        ],
        examples: [
          'omnigate webhook set --account acc_0123456789abcdef --url https://hooks.example.com/omnigate',
        ],
      },
      build: (v) => {
        const input = { accountId: need(v, 'account'), url: need(v, 'url'), secret: str(v, 'secret') };
        return (ctx) => setWebhook(ctx, input);
      },
    },
  },
  'report-mode': {
    set: {
      options: { ...ACCOUNT, mode: { type: 'string' } },
      help: {
        usage: 'report-mode set --account ACCOUNT_ID --mode polling|webhook',
        summary: 'how the account receives reports',
        about: 'webhook needs a webhook set first (`omnigate webhook set`).',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--mode polling|webhook', 'polled by the client, or posted to its webhook (required)'],
        ],
        examples: ['omnigate report-mode set --account acc_0123456789abcdef --mode webhook'],
      },
      build: (v) => {
        const accountId = need(v, 'account');
        const mode = REPORT_MODES.find((m) => m === need(v, 'mode'));
        if (!mode) throw new UsageError(`--mode must be ${REPORT_MODES.join(' or ')}`);
        return (ctx) => setReportMode(ctx, { accountId, mode });
      },
    },
  },
  limits: {
    set: {
      options: {
        ...ACCOUNT,
        'send-per-second': { type: 'string' },
        'requests-per-second': { type: 'string' },
      },
      help: {
        usage: 'limits set --account ACCOUNT_ID [--send-per-second N|none] [--requests-per-second N|none]',
        summary: 'per-second limits; none lifts one',
        about: 'A limit left out keeps its value.',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--send-per-second N|none', 'messages accepted per second'],
          ['--requests-per-second N|none', 'API requests per second'],
        ],
        examples: [
          'omnigate limits set --account acc_0123456789abcdef --send-per-second 100 --requests-per-second none',
        ],
      },
      build: (v) => {
        const input = {
          accountId: need(v, 'account'),
          sendPerSecond: limit(v, 'send-per-second'),
          requestsPerSecond: limit(v, 'requests-per-second'),
        };
        return (ctx) => setLimits(ctx, input);
      },
    },
  },
  audit: {
    list: {
      options: { limit: { type: 'string' }, cursor: { type: 'string' } },
      readOnly: true,
      help: {
        usage: 'audit list [--limit N] [--cursor NEXT]',
        summary: 'operator actions, newest first (HTTP and CLI)',
        about:
          'Who did what, on what, when (ISO 8601, as GET /admin/v1/audit answers) and the answer: every\n' +
          'call of the operator API that may change something and every operator command of this CLI,\n' +
          'refused ones included.',
        options: [['--limit N', 'at most N entries, 1 to 1000 (default 50)'], PAGE_OPTIONS[1]],
        examples: ['omnigate audit list --limit 20', 'omnigate audit list --cursor 1234'],
      },
      build: (v) => {
        const n = str(v, 'limit') === undefined ? 50 : int('limit', need(v, 'limit'));
        if (n < 1 || n > 1000) throw new UsageError('--limit must be 1 to 1000');
        const cursor = str(v, 'cursor');
        if (cursor !== undefined && !/^[1-9]\d{0,15}$/.test(cursor)) {
          throw new UsageError('--cursor must be the next of an earlier answer');
        }
        const before = cursor === undefined ? null : Number(cursor);
        // As GET /admin/v1/audit answers (audit-routes.ts): times in ISO 8601, next as text.
        return async (ctx) => {
          const page = await listAudit(ctx.store, before, n);
          return {
            entries: page.entries.map((e) => ({ ...e, at: isoKst(e.at) })),
            next: page.next === null ? null : String(page.next),
          };
        };
      },
    },
  },
  'spam-rules': {
    add: {
      options: {
        ...ACCOUNT,
        kind: { type: 'string' },
        pattern: { type: 'string' },
        match: { type: 'string' },
        note: { type: 'string' },
      },
      help: {
        usage: 'spam-rules add --kind text|sender|recipient --pattern P [--match contains|exact|prefix]',
        more: ['[--account ACCOUNT_ID] [--note N]'],
        summary: 'a spam-filter rule (A322-A324); no --account: global',
        about: 'A send that matches a rule is refused with A322 (text), A323 (sender) or A324 (recipient).',
        options: [
          ['--kind text|sender|recipient', 'what the rule looks at (required)'],
          ['--pattern P', 'what it looks for (required); numbers digits only'],
          [
            '--match contains|exact|prefix',
            'text: contains (the default); numbers: exact (the default) or prefix',
          ],
          ['--account ACCOUNT_ID', 'the account it applies to (default: every account)'],
          ['--note N', 'why, for the operators'],
        ],
        examples: [
          "omnigate spam-rules add --kind text --pattern '무담보 대출' --account acc_0123456789abcdef",
        ],
      },
      build: (v) => {
        const input = {
          accountId: str(v, 'account') ?? null,
          kind: need(v, 'kind'),
          pattern: need(v, 'pattern'),
          match: str(v, 'match'),
          note: str(v, 'note') ?? null,
        };
        return (ctx) => addRule(ctx, input);
      },
    },
    list: {
      options: {
        ...ACCOUNT,
        kind: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
      },
      help: {
        usage: 'spam-rules list [--account ACCOUNT_ID|global] [--kind K] [--limit N] [--cursor NEXT]',
        summary: 'the spam-filter rules',
        options: [
          ['--account ACCOUNT_ID|global', "an account's rules, or the global ones (default: all)"],
          ['--kind K', 'text, sender or recipient'],
          ...PAGE_OPTIONS,
        ],
        examples: ['omnigate spam-rules list --account global --kind recipient'],
      },
      build: (v) => {
        const n = str(v, 'limit') === undefined ? 50 : int('limit', need(v, 'limit'));
        const query = {
          accountId: str(v, 'account'),
          kind: str(v, 'kind'),
          cursor: str(v, 'cursor'),
          limit: n,
        };
        return (ctx) => listRulePage(ctx, query);
      },
    },
    remove: {
      options: {},
      positionals: 1,
      help: {
        usage: 'spam-rules remove RULE_ID',
        summary: 'delete a spam-filter rule',
        examples: ['omnigate spam-rules remove pol_0123456789abcdef'],
      },
      build:
        (_v, [id = '']) =>
        (ctx) =>
          removeRule(ctx, id),
    },
  },
  'opt-outs': {
    add: {
      options: { ...ACCOUNT, phone: { type: 'string' }, from: { type: 'string' } },
      help: {
        usage: 'opt-outs add --account ACCOUNT_ID --phone N[,N...] [--from SENDER]',
        summary: 'numbers that get no advertising from the account',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--phone N[,N...]', 'the numbers, digits only, comma-separated (required)'],
          ['--from SENDER', "only for this sender number (default: any of the account's)"],
        ],
        examples: ['omnigate opt-outs add --account acc_0123456789abcdef --phone 01070000001,01070000002'],
      },
      build: (v) => {
        const accountId = need(v, 'account');
        const input = { phones: need(v, 'phone').split(','), from: str(v, 'from') };
        return async (ctx) => {
          await requireAccount(ctx, accountId);
          return addToOptOutList(ctx, accountId, input, 'operator');
        };
      },
    },
    list: {
      options: {
        ...ACCOUNT,
        phone: { type: 'string' },
        limit: { type: 'string' },
        cursor: { type: 'string' },
      },
      help: {
        usage: 'opt-outs list --account ACCOUNT_ID [--phone N] [--limit N] [--cursor NEXT]',
        summary: "the account's opt-out list",
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--phone N', 'only this number'],
          ['--limit N', 'at most N entries (default 100)'],
          PAGE_OPTIONS[1],
        ],
        examples: ['omnigate opt-outs list --account acc_0123456789abcdef --limit 20'],
      },
      build: (v) => {
        const accountId = need(v, 'account');
        const n = str(v, 'limit') === undefined ? 100 : int('limit', need(v, 'limit'));
        const query = { phone: str(v, 'phone'), cursor: str(v, 'cursor'), limit: n };
        return async (ctx) => {
          await requireAccount(ctx, accountId);
          return optOutPage(ctx, accountId, query);
        };
      },
    },
    remove: {
      options: { ...ACCOUNT, phone: { type: 'string' }, from: { type: 'string' } },
      help: {
        usage: 'opt-outs remove --account ACCOUNT_ID --phone N [--from SENDER]',
        summary: 'take a number off the opt-out list',
        options: [
          ['--account ACCOUNT_ID', 'the account (required)'],
          ['--phone N', 'the number (required)'],
          ['--from SENDER', 'the sender number its entry names, if any'],
        ],
        examples: ['omnigate opt-outs remove --account acc_0123456789abcdef --phone 01070000001'],
      },
      build: (v) => {
        const accountId = need(v, 'account');
        const input = { phone: need(v, 'phone'), from: str(v, 'from') };
        return async (ctx) => {
          await requireAccount(ctx, accountId);
          return removeFromOptOutList(ctx, accountId, input, 'operator');
        };
      },
    },
  },
  secrets: {
    rotate: {
      options: {},
      help: {
        usage: 'secrets rotate',
        summary: 'a new data key; every stored secret resealed under it',
        about:
          'Adds a data key sealed under the master key, reseals every stored secret under it and\n' +
          'deletes the old keys. Running gateways keep working (docs/operations.md, "Secrets"). The\n' +
          "master key itself stays as it is: OMNIGATE_SECRET_KEY or the data folder's secret-key.",
        examples: ['omnigate secrets rotate'],
      },
      build: () => async (ctx) =>
        rotateSecrets(ctx, (await gatewayClock(ctx.store, ctx.config.clock, ctx.config.sandbox)).now()),
    },
  },
};

/** Operator commands (accounts, keys, senders, ...): the same use cases as /admin/v1. */
const GROUPS: Record<string, Record<string, Sub>> = { ...ADMIN_GROUPS, messages: MESSAGES };

export const ADMIN_USAGE = `${Object.values(GROUPS)
  .map((subs) => groupUsage(subs))
  .join('')}  Operator commands print JSON; they exit 2 with "error: ..." on a refusal or a bad argument.
`;

export const ADMIN_COMMANDS: Record<string, (args: string[]) => Promise<number>> = Object.fromEntries(
  Object.entries(GROUPS).map(([group, subs]) => [group, runGroup(group, subs)]),
);
