/**
 * What the anti-spam and opt-out policy costs the send path (bench:send --policy): the accept
 * path (`--role api`, where the policy is judged) on a fresh database, without policy data and
 * with 10,000 operator rules and 1,000,000 opted-out numbers of the sending account, for the
 * bench's ordinary requests and for advertising ones (whose recipients are looked up on the
 * opt-out list). Variants alternate, so that the machine's drift spreads over all of them.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchAccount, PER_REQUEST, post, SENDER, sendBody, sleep, startGateway } from './gateway.ts';

export const POLICY_RULES = 10_000;
export const POLICY_OPT_OUTS = 1_000_000;

export interface PolicyVariant {
  label: string;
  seeded: boolean;
  advertising: boolean;
}

export const POLICY_VARIANTS: readonly PolicyVariant[] = [
  { label: 'no policy data, ordinary', seeded: false, advertising: false },
  { label: '10k rules + 1M opt-outs, ordinary', seeded: true, advertising: false },
  { label: 'no policy data, advertising', seeded: false, advertising: true },
  { label: '10k rules + 1M opt-outs, advertising', seeded: true, advertising: true },
];

export interface PolicyResult {
  accepted: number;
  latencies: number[];
}

/** A deterministic generator: the same rules every run. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Phrases of 5 to 12 letters (Latin and Hangul) that no bench text holds; sender numbers other
 * than the bench's; recipient numbers and prefixes (4 to 11 digits, so every prefix length is
 * probed) outside the bench's 0101xxxxxxx recipients.
 */
function rules(accountId: string): Array<[string | null, string, string, string]> {
  const rnd = prng(15);
  const out: Array<[string | null, string, string, string]> = [];
  const phrase = () => {
    const n = 5 + Math.floor(rnd() * 8);
    let p = 'zq';
    for (let i = 0; i < n; i++) {
      p +=
        rnd() < 0.5
          ? String.fromCharCode(97 + Math.floor(rnd() * 26))
          : String.fromCharCode(0xac00 + Math.floor(rnd() * 11_172));
    }
    return p;
  };
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 10)).join('');
  for (let i = 0; i < 4000; i++) out.push([null, 'text', 'contains', phrase()]);
  for (let i = 0; i < 1000; i++) out.push([accountId, 'text', 'contains', phrase()]);
  for (let i = 0; i < 2000; i++) out.push([i % 2 ? accountId : null, 'sender', 'exact', `03${digits(8)}`]);
  for (let i = 0; i < 2000; i++)
    out.push([i % 2 ? accountId : null, 'recipient', 'exact', `0119${digits(7)}`]);
  for (let i = 0; i < 1000; i++)
    out.push([null, 'recipient', 'prefix', `0${5 + (i % 4)}${digits(2 + (i % 8))}`]);
  return out;
}

/** Rules and opt-outs written straight into the gateway's database (as many operators' calls would). */
function seed(dbFile: string, accountId: string): void {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 10000');
  const now = Date.now();
  const rule = db.prepare(
    'insert into policy_rules (id, account_id, kind, match, pattern, note, created_at) values (?, ?, ?, ?, ?, null, ?)',
  );
  const optOut = db.prepare(
    "insert into opt_outs (account_id, phone, sender, source, created_at) values (?, ?, ?, 'client', ?)",
  );
  db.transaction(() => {
    rules(accountId).forEach(([account, kind, match, pattern], i) => {
      rule.run(`pol_bench${String(i).padStart(6, '0')}`, account, kind, match, pattern, now);
    });
    db.prepare(
      "insert into settings (key, value) values ('policy.rules.version', 'bench') on conflict(key) do update set value = 'bench'",
    ).run();
  })();
  // Numbers outside the bench's recipients: the lookup walks the index without a hit, as it does
  // for most recipients of a real list. Half of them to the bench's sender, half account-wide.
  const batch = db.transaction((start: number) => {
    for (let i = start; i < start + 10_000; i++) {
      optOut.run(accountId, `0107${String(i).padStart(7, '0')}`, i % 2 ? SENDER : '', now);
    }
  });
  for (let i = 0; i < POLICY_OPT_OUTS; i += 10_000) batch(i);
  db.close();
}

function advertisingBody(r: number): string {
  return sendBody(r).replace('#{name}, your code is 1234', '(광고) #{name}, spring sale 20% off');
}

/** One variant on a fresh gateway: warm-up, then `requests` requests at `concurrency`. */
export async function policyRun(
  dir: string,
  name: string,
  v: PolicyVariant,
  opts: { requests: number; concurrency: number },
): Promise<PolicyResult> {
  const dataDir = join(dir, `data-policy-${name}`);
  const gw = await startGateway(dataDir, { OMNIGATE_ROLE: 'api' });
  try {
    const acc = await benchAccount(gw.base);
    if (v.seeded) {
      seed(join(dataDir, 'omnigate.db'), acc.accountId);
      // The gateway reads the rules' version at most once a second.
      await sleep(1100);
    }
    const client = { authorization: acc.apiKey };
    const body = v.advertising ? advertisingBody : sendBody;
    for (let w = 0; w < 5; w++)
      await post(`${gw.base}/api/comm/v1/send/omni`, client, body(opts.requests + w));
    const bodies = Array.from({ length: opts.requests }, (_, r) => body(r));
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (next < opts.requests) {
          const r = next++;
          const s = performance.now();
          const res = (await post(`${gw.base}/api/comm/v1/send/omni`, client, bodies[r])) as {
            data?: { data?: { destinations?: Array<{ code: string }> } };
          };
          latencies.push(performance.now() - s);
          const refused = res.data?.data?.destinations?.filter((d) => d.code !== 'A000').length ?? -1;
          if (refused !== 0) throw new Error(`request ${r}: ${refused} recipients not accepted`);
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    return { accepted: (opts.requests * PER_REQUEST) / secs, latencies };
  } finally {
    await gw.stop();
  }
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}
