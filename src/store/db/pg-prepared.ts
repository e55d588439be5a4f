import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/*
 * Named prepared statements on PostgreSQL. Kysely sends every statement unnamed, so the server
 * parses and plans each execution afresh: for the gateway's short statements that was about a
 * third of PostgreSQL's CPU a statement (docs/performance-log.md, 2026-11-29). A statement text
 * the gateway runs again gets a name, and each connection then parses it once and keeps its plan.
 */

/** Texts given a name, at most: each connection that runs one keeps it parsed (a few kB each). */
const MAX_NAMED = 200;
/** A text is named when seen the second time: one-off statements stay unnamed. */
const NAME_AT = 2;
/** Texts counted while waiting for their second sighting, at most (a flood of distinct ones stays unnamed). */
const MAX_COUNTED = 2000;

/**
 * Which texts may be named. Only statements with parameters that read or write rows: a utility
 * statement (a migration's DDL, begin, commit) gains nothing. Never one whose result columns a
 * `*` expands: another instance's migration adding a column would make PostgreSQL refuse the
 * kept plan ("cached plan must not change result type") where an unnamed statement just works.
 */
export function nameable(text: string): boolean {
  return (
    /^\s*(select|insert|update|delete|with)\b/i.test(text) &&
    !/(^|[\s.,(])\*/.test(text.replace(/count\(\*\)/gi, ''))
  );
}

/** The names of the texts, shared by the pool's connections (a name always means one text). */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #seen = new Map<string, number>();

  /** The text's name, or null: not (yet) named. */
  nameOf(text: string): string | null {
    const named = this.#names.get(text);
    if (named !== undefined) return named;
    if (this.#names.size >= MAX_NAMED || !nameable(text)) return null;
    const seen = (this.#seen.get(text) ?? 0) + 1;
    if (seen < NAME_AT) {
      if (this.#seen.size < MAX_COUNTED) this.#seen.set(text, seen);
      return null;
    }
    this.#seen.delete(text);
    const name = `og_${this.#names.size + 1}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

const COMMANDS = ['UPDATE', 'DELETE', 'INSERT', 'SELECT', 'MERGE'] as const;

/** Kysely reads affected rows only for these commands; begin, commit and the like count as none. */
function commandOf(c: string): (typeof COMMANDS)[number] {
  return COMMANDS.find((k) => k === c) ?? 'SELECT';
}

/** A pooled connection as Kysely's PostgreSQL driver uses it, running named texts by their name. */
class NamingClient implements PostgresPoolClient {
  constructor(
    readonly inner: pg.PoolClient,
    readonly names: StatementNames,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The store streams nothing (no cursor is configured): Kysely never passes one here.
    if (typeof sql !== 'string') throw new Error('cursors are not used by the store');
    const values = [...(parameters ?? [])];
    const name = values.length > 0 ? this.names.nameOf(sql) : null;
    return this.inner
      .query<R & pg.QueryResultRow>(name ? { name, text: sql, values } : { text: sql, values })
      .then((r) => ({
        command: commandOf(r.command),
        rowCount: r.rowCount ?? 0,
        rows: r.rows,
      }));
  }

  release(): void {
    this.inner.release();
  }
}

/** The pool as Kysely's PostgreSQL dialect takes it, with named statements. */
export function namingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, NamingClient>();
  return {
    async connect() {
      const inner = await pool.connect();
      let client = clients.get(inner);
      if (!client) {
        client = new NamingClient(inner, names);
        clients.set(inner, client);
      }
      return client;
    },
    end: () => pool.end(),
  };
}
