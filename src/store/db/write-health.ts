/**
 * Whether the store can write: a write refused for want of space (SQLite's SQLITE_FULL,
 * PostgreSQL's disk_full class 53100, the file system's ENOSPC or EDQUOT) marks it full until a
 * write succeeds again. /readyz reads it, so that a load balancer stops sending sends to an
 * instance that can take none, and sees it back as soon as space is freed.
 */
export class WriteHealth {
  #full: { since: number; error: string } | null = null;

  /** The full state: since when, and what the database or the disk said. */
  get full(): { since: number; error: string } | null {
    return this.#full;
  }

  failed(err: unknown): void {
    if (!isStorageFull(err)) return;
    this.#full ??= { since: Date.now(), error: err instanceof Error ? err.message : String(err) };
  }

  wrote(): void {
    this.#full = null;
  }
}

const FULL_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);

/** A write refused because the disk (or the database's own ceiling) has no room. */
export function isStorageFull(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = 'code' in err ? err.code : undefined;
  return typeof code === 'string' && FULL_CODES.has(code);
}
