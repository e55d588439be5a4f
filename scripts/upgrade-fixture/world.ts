import { createHash } from 'node:crypto';
import { field, type Gateway, type Json, list, str, until } from './http.ts';
import type { AccountName, Attempt, FixtureAccount, FixtureFile, FixtureMessage } from './manifest.ts';

/*
 * What every phase of the fixture shares: the gateway, the accounts, the clock, and the messages
 * recorded so far, with the small steps each phase is made of (send, wait, read a code).
 */

export const KST_MS = 9 * 3600_000;

/** `yyyy-MM-dd HH:mm:ss` in Korea time. */
export function kst(epochMs: number): string {
  return new Date(epochMs + KST_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export const FINAL = new Set(['delivered', 'failed', 'uncertain', 'cancelled']);

export class World {
  readonly messages: FixtureMessage[] = [];
  readonly files: FixtureFile[] = [];

  constructor(
    readonly gw: Gateway,
    readonly accounts: Record<AccountName, FixtureAccount>,
  ) {}

  key(account: AccountName): string {
    return this.accounts[account].apiKey;
  }

  async now(): Promise<number> {
    const c = await this.gw.admin('GET', '/sandbox/v1/clock');
    const ms = field(c, 'epochMs');
    if (typeof ms !== 'number') throw new Error(`clock: ${JSON.stringify(c)}`);
    return ms;
  }

  async advance(seconds: number): Promise<void> {
    await this.gw.admin('POST', '/sandbox/v1/clock', { advanceSeconds: seconds });
  }

  async handset(phone: string, props: Record<string, Json>): Promise<void> {
    await this.gw.admin('PUT', `/sandbox/v1/handsets/${phone}`, props);
  }

  /** Sends to one recipient; the msgKey of its accepted message. */
  async send(account: AccountName, to: string, messageFlow: Json[], extra: Record<string, Json> = {}) {
    const data = await this.gw.api(this.key(account), 'POST', '/api/comm/v1/send/omni', {
      destinations: [{ to }],
      messageFlow,
      ...extra,
    });
    const d = list(data, 'data', 'destinations')[0];
    if (str(d, 'code') !== 'A000') throw new Error(`send to ${to}: ${JSON.stringify(d)}`);
    return str(d, 'msgKey');
  }

  async inquiry(account: AccountName, msgKey: string): Promise<{ status: string; attempts: Attempt[] }> {
    const data = await this.gw.api(this.key(account), 'GET', `/api/comm/v1/message/inquiry/msgKey/${msgKey}`);
    const attempts = list(data, 'data', 'messages').map(
      (m): Attempt => [str(m, 'channel'), str(m, 'fallback'), str(m, 'reportCode')],
    );
    return { status: str(data, 'data', 'status'), attempts };
  }

  /** Waits until the message's state satisfies `done` (the engine runs on its own), then records it. */
  async record(
    label: string,
    account: AccountName,
    to: string,
    msgKey: string,
    opts: { until: (status: string) => boolean; finalReportCode: string | null; text: string | null },
  ): Promise<FixtureMessage> {
    // The inquiry's status moves before the pass that delivered it has written its report: wait
    // for the report too, so that what is recorded is what the database holds.
    const seen = await until(`${label} ${msgKey}`, async () => {
      const q = await this.inquiry(account, msgKey);
      if (!opts.until(q.status)) return undefined;
      if (FINAL.has(q.status) && q.status !== 'cancelled' && (await this.reports(account, msgKey)) === 0) {
        return undefined;
      }
      return q;
    });
    const m: FixtureMessage = {
      label,
      msgKey,
      account,
      to,
      status: seen.status,
      attempts: seen.attempts,
      finalReportCode: opts.finalReportCode,
      text: opts.text,
    };
    this.messages.push(m);
    return m;
  }

  async reports(account: AccountName, msgKey: string): Promise<number> {
    const data = await this.gw.api(this.key(account), 'GET', `/api/comm/v1/report/inquiry/${msgKey}`);
    return list(data, 'data', 'report').length;
  }

  /** The inbox rows of a handset for one msgKey. */
  async inbox(phone: string, msgKey: string): Promise<Json[]> {
    const box = await this.gw.admin('GET', `/sandbox/v1/handsets/${phone}/inbox`);
    return list(box, 'messages').filter((m) => field(m, 'msgKey') === msgKey);
  }

  /** The 6-digit code of the newest message of a handset. */
  async codeOn(phone: string): Promise<string> {
    return until(`a code on ${phone}`, async () => {
      const box = await this.gw.admin('GET', `/sandbox/v1/handsets/${phone}/inbox`);
      const last = list(box, 'messages').at(-1);
      const text = field(last, 'text');
      return typeof text === 'string' ? /\d{6}/.exec(text)?.[0] : undefined;
    });
  }

  /** Records a served upload: its path and the bytes it answers now. */
  async servedFile(label: string, url: string): Promise<FixtureFile> {
    const path = new URL(url, this.gw.base).pathname;
    const got = await this.gw.file(path);
    if (got.status !== 200) throw new Error(`${label}: GET ${path} ${got.status}`);
    const f = { label, path, sha256: sha256(got.bytes), size: got.bytes.length };
    this.files.push(f);
    return f;
  }
}
