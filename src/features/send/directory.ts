import type { Ctx } from '../../context.ts';
import { hasSendPermission } from '../../store/accounts/permissions.ts';
import { isSenderNumberRegistered } from '../../store/accounts/senders.ts';
import { findBrandByKey } from '../../store/templates/brands.ts';
import { getProfile, type SenderProfile } from '../../store/templates/profiles.ts';

/**
 * How long a registration found in the store is trusted. Every request names the same few sender
 * numbers and profiles; looking them up once per request would be most of its queries. Only
 * positive answers are cached: a number registered a moment ago is found at once, and a removed
 * one stops working within this time.
 */
const TTL_MS = 5000;
const MAX = 20_000;

class TtlCache<V> {
  readonly #m = new Map<string, { at: number; v: V }>();
  get(key: string, now: number): V | undefined {
    const hit = this.#m.get(key);
    return hit && now - hit.at < TTL_MS ? hit.v : undefined;
  }
  set(key: string, v: V, now: number): void {
    if (this.#m.size >= MAX) this.#m.clear();
    this.#m.set(key, { at: now, v });
  }
}

/** The account's registrations that a send checks: sender numbers, profiles, brands, permissions. */
export class Directory {
  readonly #senders = new TtlCache<true>();
  readonly #profiles = new TtlCache<SenderProfile>();
  readonly #brands = new TtlCache<true>();
  readonly #permissions = new TtlCache<true>();

  constructor(private readonly ctx: Ctx) {}

  async senderRegistered(accountId: string, number: string): Promise<boolean> {
    const key = `${accountId}\u0000${number}`;
    const now = Date.now();
    if (this.#senders.get(key, now)) return true;
    const ok = await isSenderNumberRegistered(this.ctx.store, accountId, number);
    if (ok) this.#senders.set(key, true, now);
    return ok;
  }

  async profile(accountId: string, senderKey: string): Promise<SenderProfile | undefined> {
    const key = `${accountId}\u0000${senderKey}`;
    const now = Date.now();
    const hit = this.#profiles.get(key, now);
    if (hit) return hit;
    const p = await getProfile(this.ctx.store, accountId, senderKey);
    if (p) this.#profiles.set(key, p, now);
    return p;
  }

  async brandRegistered(accountId: string, brandKey: string): Promise<boolean> {
    const key = `${accountId}\u0000${brandKey}`;
    const now = Date.now();
    if (this.#brands.get(key, now)) return true;
    const ok = (await findBrandByKey(this.ctx.store, accountId, brandKey)) !== undefined;
    if (ok) this.#brands.set(key, true, now);
    return ok;
  }

  async permitted(channelId: string): Promise<boolean> {
    const now = Date.now();
    if (this.#permissions.get(channelId, now)) return true;
    const ok = await hasSendPermission(this.ctx.store, channelId);
    if (ok) this.#permissions.set(channelId, true, now);
    return ok;
  }
}
