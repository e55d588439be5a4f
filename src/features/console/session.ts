import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import { SignInThrottle } from '../../rules/sign-in-throttle.ts';
import {
  type ConsoleSession,
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
} from '../../store/accounts/console-sessions.ts';
import type { SessionView as SessionViewSchema } from './schemas.ts';

/** The console's session cookie (httpOnly, SameSite=Strict: http/cookies.ts). */
export const SESSION_COOKIE = 'omnigate_session';
/** A sign-in lasts a working day; then the operator signs in again. */
export const SESSION_TTL_MS = 12 * 3600_000;

/** What a session is shown as: the CSRF token, its end, and what the console should offer. */
export type SessionView = Static<typeof SessionViewSchema>;

export type SignInResult =
  | { kind: 'signed-in'; id: string; session: ConsoleSession }
  /** `heldMs`: how long the answer was held (0: at once). */
  | { kind: 'wrong-token'; heldMs: number };

/** Wrong answers held at once, at most: past it they go at once (a flood cannot pile up sockets). */
const MAX_HELD = 256;

const realHold = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Console sign-in with the admin token. Sessions live in the database (any instance behind a
 * load balancer knows them) under a digest of their id; the throttle lives in this process.
 */
export class ConsoleSessions {
  readonly #ctx: Ctx;
  readonly #tokenDigest: Buffer;
  readonly #tokenPrint: string;
  readonly #throttle = new SignInThrottle();
  readonly #now: () => number;
  readonly #hold: (ms: number) => Promise<void>;
  #held = 0;

  constructor(
    ctx: Ctx,
    adminToken: string,
    options: { now?: () => number; hold?: (ms: number) => Promise<void> } = {},
  ) {
    this.#ctx = ctx;
    this.#tokenDigest = sha256(adminToken);
    this.#tokenPrint = this.#tokenDigest.toString('hex').slice(0, 16);
    this.#now = options.now ?? Date.now;
    this.#hold = options.hold ?? realHold;
  }

  /**
   * The right token signs in at once, always (src/rules/sign-in-throttle.ts): nobody's wrong
   * tries can keep the operator out. A wrong one is answered after the throttle's hold.
   */
  async signIn(token: string, client: string): Promise<SignInResult> {
    const now = this.#now();
    if (!timingSafeEqual(sha256(token), this.#tokenDigest)) {
      const hold = this.#throttle.failed(client, now);
      if (hold === 0 || this.#held >= MAX_HELD) {
        this.#ctx.events.emit('console.signIn', { outcome: 'wrong-token' });
        return { kind: 'wrong-token', heldMs: 0 };
      }
      this.#held += 1;
      try {
        await this.#hold(hold);
      } finally {
        this.#held -= 1;
      }
      this.#ctx.events.emit('console.signIn', { outcome: 'held' });
      return { kind: 'wrong-token', heldMs: hold };
    }
    this.#throttle.succeeded(client);
    this.#ctx.events.emit('console.signIn', { outcome: 'signed-in' });
    await deleteExpiredSessions(this.#ctx.store, now);
    const id = randomBytes(32).toString('base64url');
    const session: ConsoleSession = {
      idHash: sha256(id).toString('hex'),
      csrf: randomBytes(24).toString('base64url'),
      tokenPrint: this.#tokenPrint,
      client: client.slice(0, 100),
      createdAt: now,
      expiresAt: now + SESSION_TTL_MS,
    };
    await insertSession(this.#ctx.store, session);
    return { kind: 'signed-in', id, session };
  }

  /** The live session of a cookie value: undefined when unknown, expired, or of another admin token. */
  async verify(id: string): Promise<ConsoleSession | undefined> {
    if (id.length === 0 || id.length > 100) return undefined;
    const s = await findSession(this.#ctx.store, sha256(id).toString('hex'));
    if (!s || s.expiresAt <= this.#now() || s.tokenPrint !== this.#tokenPrint) return undefined;
    return s;
  }

  async signOut(session: ConsoleSession): Promise<void> {
    await deleteSession(this.#ctx.store, session.idHash);
  }

  view(session: ConsoleSession): SessionView {
    return {
      csrfToken: session.csrf,
      expiresAt: isoKst(session.expiresAt),
      sandbox: this.#ctx.config.sandbox,
      clock: this.#ctx.config.clock,
    };
  }
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfMatches(session: ConsoleSession, presented: string | undefined): boolean {
  if (!presented) return false;
  return timingSafeEqual(sha256(presented), sha256(session.csrf));
}
