import { parseArgs } from 'node:util';
import { GatewayError } from '../errors.ts';
import { createDemo, type DemoAnswer } from '../features/admin/demo.ts';
import { insertAudit } from '../store/accounts/audit.ts';
import { cliUser, gatewayClock, withCtx } from './admin-commands.ts';

export const DEMO_USAGE = `  demo [--url URL] [--json]                             a demo account that sends on every channel (sender
                                                        number, profile with an approved template, RCS brand,
                                                        a new API key) and curl lines of a first send of each;
                                                        --url: the gateway's address (default: PORT,
                                                        OMNIGATE_PUBLIC_URL); --json: the answer of POST /admin/v1/demo
`;

const HELP = `omnigate demo [--url URL] [--json]

Creates the demo account, or reuses the one an earlier run made, with what a first send of every
channel needs: the sender number, a sender profile with an approved informational template, an RCS
brand and a new API key (shown only here). Prints the curl lines of a first SMS, LMS, MMS,
informational message, RCS and brand message to the sandbox handset, the line that reads its
inbox and the one that polls the reports, ready to paste into bash or zsh while the gateway runs.

  --url URL   the gateway's address in the lines (default: OMNIGATE_PUBLIC_URL, else
              http://HOST:PORT, as \`omnigate serve\` reads them)
  --json      print the answer of POST /admin/v1/demo instead (the same account and lines)

Sandbox only (OMNIGATE_SANDBOX, on by default): the lines send to a simulated handset.
`;

/** The answer as a person reads it: what was made, then the lines, each example under a comment. */
export function demoText(d: DemoAnswer): string {
  const head = d.reused
    ? `The demo account ${d.name} (${d.accountId}), made by an earlier run, with a new API key:`
    : `The demo account ${d.name} (${d.accountId}) was created with:`;
  const facts = [
    head,
    `  API key    ${d.apiKey}   (${d.keyId}; shown only here)`,
    `  sender     ${d.sender}`,
    `  senderKey  ${d.senderKey}, with the approved template ${d.templateCode}`,
    `  brandKey   ${d.brandKey}`,
    `  handset    ${d.handset} (sandbox)`,
    '',
    `Paste these lines into a shell while the gateway runs at ${d.baseUrl}:`,
  ];
  const blocks = d.examples.map((e) => [`# ${e.title}: ${e.description}`, ...e.lines].join('\n'));
  return `${facts.join('\n')}\n\n${blocks.join('\n\n')}\n`;
}

/**
 * `omnigate demo`: createDemo (src/features/admin/demo.ts) on the configured database, audited as
 * the operator's other commands are. The lines call the address the gateway is configured with,
 * since a command has no request to read one from.
 */
export async function demoCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { url: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const url = values.url;
  if (url !== undefined && !/^https?:\/\/[^\s'"]+$/.test(url)) {
    process.stderr.write(`error: --url must be an http(s) URL, got "${url}"\n`);
    return 2;
  }
  try {
    const answer = await withCtx(
      async (ctx) => {
        const record = (status: number, target: Record<string, string>) =>
          insertAudit(ctx.store, {
            at: Date.now(),
            actor: `cli ${cliUser()}`,
            action: 'cli demo',
            target,
            status,
            trId: '',
          });
        try {
          const done = await createDemo(ctx, { baseUrl: url ?? ctx.config.publicUrl });
          await record(200, { accountId: done.accountId });
          return done;
        } catch (err) {
          if (err instanceof GatewayError) await record(err.status, {});
          throw err;
        }
      },
      // The template's review is stamped on the gateways' clock, as the sandbox reviewer's is.
      (store, config) => gatewayClock(store, config.clock, config.sandbox),
    );
    process.stdout.write(values.json ? `${JSON.stringify(answer, null, 2)}\n` : demoText(answer));
    return 0;
  } catch (err) {
    if (err instanceof GatewayError) {
      process.stderr.write(`error: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
}
