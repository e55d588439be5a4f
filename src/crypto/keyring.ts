import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ConfigError } from '../config.ts';
import {
  getSecretKey,
  holdUsableKey,
  insertSecretKey,
  newestUsableKey,
} from '../store/accounts/secret-keys.ts';
import type { Store } from '../store/db/database.ts';
import type { Executor } from '../store/db/executor.ts';
import { newId } from '../store/db/ids.ts';
import { transact } from '../store/db/work-signal.ts';
import type { DB } from '../store/schema/schema.ts';
import type { MasterKeys } from './master-key.ts';
import { type BoxKey, KEY_BYTES, keyIdOf, open, SecretBoxError, seal, subkey } from './secret-box.ts';

/** The key a write meant to seal under was retired meanwhile (a rotation): the write starts again. */
export class KeyRetiredError extends Error {
  constructor(readonly keyId: string) {
    super(`data key ${keyId} was retired by a rotation`);
  }
}

/** How often a write starts again with the newest key before giving up (rotations do not come in bursts). */
const WRITE_TRIES = 5;

const wrapContext = (dataKeyId: string) => `secret_keys:${dataKeyId}`;

/** Opened values kept by openKept (webhook secrets: one per account that receives posts). */
const KEPT_MAX = 1000;

/**
 * Secrets at rest, two levels deep. Values are sealed (src/crypto/secret-box.ts) under a data key
 * of the keyring (the `secret_keys` table); each data key is stored sealed under the master key,
 * which only the processes hold (OMNIGATE_SECRET_KEY or the data directory's key file). A reader
 * of the database alone opens nothing.
 *
 * Rotation without downtime: a rotation adds a data key, retires the old ones, reseals every value
 * under the new key and deletes the old keys once nothing needs them. A running instance (or the
 * engine's thread) fetches a key it does not know yet by the id the value names, so it reads
 * values from before, during and after the rotation; it seals new values under the newest key not
 * retired, and a write that finds its key retired meanwhile starts again with the newest
 * (holdUsableKey). Data keys are kept in memory once opened: a few per process.
 */
export class Keyring {
  readonly #store: Store;
  #masterKeys: MasterKeys | (() => MasterKeys);
  readonly #keys = new Map<string, Promise<BoxKey>>();
  readonly #kept = new Map<string, string>();
  #current: Promise<BoxKey> | null = null;

  /** `masters` may be given as a function: read (or generated) only once a key is needed (the CLI). */
  constructor(store: Store, masters: MasterKeys | (() => MasterKeys)) {
    this.#store = store;
    this.#masterKeys = masters;
  }

  get #masters(): MasterKeys {
    if (typeof this.#masterKeys === 'function') this.#masterKeys = this.#masterKeys();
    return this.#masterKeys;
  }

  /** The master key's id (`m...`): which key this process holds, without giving it away. */
  get masterId(): string {
    return this.#masters.current.id;
  }

  /** The key new values are sealed with; the first one is made when the database has none. */
  current(): Promise<BoxKey> {
    if (!this.#current) {
      const loading = this.#loadCurrent();
      this.#current = loading;
      loading.catch(() => {
        if (this.#current === loading) this.#current = null;
      });
    }
    return this.#current;
  }

  /** Forgets the current key (it was found retired): the next write reads the newest. */
  forgetCurrent(): void {
    this.#current = null;
  }

  async #loadCurrent(): Promise<BoxKey> {
    let stored = await newestUsableKey(this.#store);
    if (!stored) {
      // Two instances starting together may each add one: both are usable, the newer one wins.
      await this.addKey();
      stored = await newestUsableKey(this.#store);
      if (!stored) throw new Error('the keyring has no usable key');
    }
    return this.key(stored.id);
  }

  /**
   * Makes a data key, sealed under this process's master key; the caller retires the others.
   * Stamped with real time, never the sandbox clock: which key is newest must not move with it.
   */
  async addKey(): Promise<BoxKey> {
    const k: BoxKey = { id: newId('dk'), key: randomBytes(KEY_BYTES) };
    await insertSecretKey(this.#store, {
      id: k.id,
      wrapped: seal(this.#masters.current, k.key, wrapContext(k.id)),
      createdAt: Date.now(),
    });
    this.#keys.set(k.id, Promise.resolve(k));
    return k;
  }

  /** A data key by id: from memory, or fetched from the keyring and opened with a master key. */
  key(id: string): Promise<BoxKey> {
    let k = this.#keys.get(id);
    if (!k) {
      const loading = this.#loadKey(id);
      k = loading;
      this.#keys.set(id, loading);
      loading.catch(() => {
        if (this.#keys.get(id) === loading) this.#keys.delete(id);
      });
    }
    return k;
  }

  async #loadKey(id: string): Promise<BoxKey> {
    const stored = await getSecretKey(this.#store, id);
    if (!stored) throw new SecretBoxError(`data key ${id} is not in the keyring (deleted by a rotation)`);
    const masterId = keyIdOf(stored.wrapped);
    const master = [this.#masters.current, ...this.#masters.previous].find((m) => m.id === masterId);
    if (!master) {
      throw new ConfigError(
        `data key ${id} is sealed under master key ${masterId}, and this process holds ${this.#masters.current.id}: ` +
          'every instance of one database needs the same OMNIGATE_SECRET_KEY (docs/operations.md)',
      );
    }
    return { id, key: open(master, stored.wrapped, wrapContext(id)) };
  }

  /** Seals under `k` (a key from current(), held by the write's transaction: hold()). */
  seal(k: BoxKey, plain: string, context: string): string {
    return seal(k, plain, context);
  }

  /** Opens a sealed value, fetching the key it names when this process does not know it yet. */
  async open(sealed: string, context: string): Promise<string> {
    const k = await this.key(keyIdOf(sealed));
    return open(k, sealed, context).toString('utf8');
  }

  /**
   * open(), keeping the value for the next call with the same sealed text: a webhook secret is
   * opened for every post, and opening (~6 µs) cost twice the signature itself. A sealed text is
   * never rewritten in place, so a kept value cannot go stale; a new secret or a rotation is a new
   * text. The clear values are as long-lived in memory as the data keys that open them anyway.
   */
  async openKept(sealed: string, context: string): Promise<string> {
    const id = `${context}\n${sealed}`;
    const hit = this.#kept.get(id);
    if (hit !== undefined) return hit;
    const plain = await this.open(sealed, context);
    if (this.#kept.size >= KEPT_MAX) this.#kept.delete(this.#kept.keys().next().value as string);
    this.#kept.set(id, plain);
    return plain;
  }

  /** A key of its own for one purpose (HMAC), derived from data key `keyId`. */
  async subkey(keyId: string, purpose: string): Promise<Buffer> {
    return subkey(await this.key(keyId), purpose);
  }

  /**
   * Inside the write's transaction, before it writes a value sealed under `k`: throws
   * KeyRetiredError when a rotation retired `k` meanwhile (withCurrentKey then starts again).
   */
  async hold(tx: Executor, k: BoxKey): Promise<void> {
    if (!(await holdUsableKey(tx, this.#store.caps, k.id))) {
      this.forgetCurrent();
      throw new KeyRetiredError(k.id);
    }
  }

  /**
   * Runs a write with the current key, again with the newest when the key was retired under it.
   * `write` must hold() the key in its transaction, and must not seal anything before it is
   * given the key.
   */
  async withCurrentKey<T>(write: (k: BoxKey) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      const k = await this.current();
      try {
        return await write(k);
      } catch (err) {
        if (!(err instanceof KeyRetiredError) || tries >= WRITE_TRIES) throw err;
        this.forgetCurrent();
      }
    }
  }

  /** A transaction of its own that holds the current key: the usual way to write sealed values. */
  writeSealed<T>(write: (tx: Transaction<DB>, k: BoxKey) => Promise<T>): Promise<T> {
    return this.withCurrentKey((k) =>
      transact(this.#store, async (tx) => {
        await this.hold(tx, k);
        return write(tx, k);
      }),
    );
  }

  /**
   * At start: the current key opens with this process's master keys, or the start stops with why
   * (another instance made the keyring under another key).
   */
  async check(): Promise<void> {
    await this.current();
  }
}
