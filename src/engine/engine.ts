import { isMainThread } from 'node:worker_threads';
import { sql } from 'kysely';
import pino, { type Logger } from 'pino';
import { type Clock, ManualClock, SystemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { loadConnectorsConfig } from '../connectors/config.ts';
import { ConnectorRegistry } from '../connectors/registry.ts';
import { createSandboxConnector } from '../connectors/sandbox/connector.ts';
import type { ConnectorStats, ConnectorStatsSource, SmppConnector } from '../connectors/smpp/connector.ts';
import { addSmppConnectors } from '../connectors/smpp/from-file.ts';
import type { ConnectorSink, InboundMo } from '../connectors/types.ts';
import type { UpstreamConnector } from '../connectors/upstream/connector.ts';
import { addUpstreamConnectors } from '../connectors/upstream/from-file.ts';
import type { Ctx } from '../context.ts';
import { Keyring } from '../crypto/keyring.ts';
import { keyFileMode, resolveMasterKeys } from '../crypto/master-key.ts';
import { widerThanPrivate } from '../data-modes.ts';
import { OutboundPolicy, type Resolve } from '../http/outbound.ts';
import { openStore, type Store } from '../store/db/database.ts';
import { CLOCK_SETTING, getSetting, readClockOffset } from '../store/db/settings.ts';
import { addCounts, type StatementCounts } from '../store/db/statement-counts.ts';
import { enqueueJobs } from '../store/jobs/jobs.ts';
import { REPORT_WEBHOOK_JOB } from '../store/messages/reports.ts';
import { MO_DELIVERY_JOB } from '../store/mo/mo.ts';
import { createDispatcher, DISPATCH_JOB, DISPATCH_WORK, WAIT_JOB } from './dispatch.ts';
import { type EngineEventMap, EventBus } from './events.ts';
import type { ReportRouter } from './plan.ts';
import { retentionHandler, retentionJob } from './retention.ts';
import { type JobHandler, JobRunner } from './runner.ts';
import { sweepJob } from './sweep.ts';

/**
 * Everything of a gateway but its HTTP app: the store, the clock, the connectors and the job
 * runner. The engine's thread (src/engine-thread.ts) runs this alone; it has no use for the
 * routes, their compiled schemas and the console, which cost it memory and start-up time.
 */
export interface Engine {
  readonly ctx: Ctx;
  /** Null when this instance runs with --role api, or runs its engine in a thread (src/engine/thread.ts). */
  readonly runner: JobRunner | null;
  readonly smppConnectors: readonly SmppConnector[];
  /** The upstream connectors of OMNIGATE_CONNECTORS (their webhook endpoints are the app's). */
  readonly upstreamConnectors: readonly UpstreamConnector[];
  /**
   * What /metrics and the overview read of the SMPP connectors: the connectors themselves, or,
   * when the engine runs in a thread, the state that thread last sent (its binds, not these).
   */
  readonly connectorStats: readonly ConnectorStatsSource[];
  /** Statements run and rows changed by this instance's store, its engine thread's included. */
  storeCounts(): StatementCounts;
  /** Starts the workers and the connectors' binds. */
  start(): void;
  /** Finishes running jobs (up to the grace), stops the connectors, closes the store. */
  stop(): Promise<void>;
}

/** Webhook posts (reports and MO) under way at once, beside the other jobs' own 200. */
const WEBHOOK_CONCURRENCY = 200;

/** The engine of this instance runs elsewhere (a thread of the process, src/engine/thread.ts). */
export interface RemoteEngine {
  /** Work was added here: tell the engine. */
  workAdded: (kinds?: readonly string[]) => void;
  /** The connector's state as last sent by the engine; undefined before the first. */
  connectorStats?: (name: string) => ConnectorStats | undefined;
  /** The engine's store counts as last sent; undefined before the first. */
  storeCounts?: () => StatementCounts | undefined;
}

/**
 * What the features add to the engine (src/feature-jobs.ts): the engine itself knows dispatch,
 * receipts, the sweep and retention, and runs whatever job kinds it is given.
 */
export interface EngineFeatures {
  jobHandlers(ctx: Ctx): Iterable<[string, JobHandler]>;
  /** Stores a pass's reports and starts them on their way (polling, or a webhook job). */
  routeReports: ReportRouter;
  /** Takes an MO a connector received (ConnectorSink.mo). */
  receiveMo(ctx: Ctx, mo: InboundMo): Promise<void>;
  /** Done once, before any job runs. */
  prepare(ctx: Ctx): Promise<void>;
}

export interface EngineOptions {
  logger?: Logger;
  /** What the features give the engine: src/feature-jobs.ts. */
  features: EngineFeatures;
  /** Extra job kinds (tests). */
  handlers?: ReadonlyMap<string, JobHandler>;
  /** PostgreSQL schema (tests give each file its own). */
  schema?: string;
  /**
   * Where this instance's engine runs when its role has one: `here` (the default), or in a
   * thread of the process (src/engine/thread.ts): then no runner is built here, and `workAdded`
   * tells the thread instead.
   */
  engine?: 'here' | RemoteEngine;
  /** Where a manual clock starts when the database keeps no time yet (default: now). */
  clockStart?: number;
  /** How the outbound policy resolves host names (tests give a stub; default: the system's). */
  resolve?: Resolve;
}

async function makeClock(config: Config, store: Store, start: number): Promise<Clock> {
  // Only the sandbox moves the system clock: a gateway whose sandbox is turned off runs on the
  // system time, whatever offset the database kept from its sandbox days.
  if (config.clock === 'system') return new SystemClock(config.sandbox ? await readClockOffset(store) : 0);
  const kept = await getSetting(store, CLOCK_SETTING);
  return new ManualClock(kept ? Number(kept) : start);
}

/** Builds the engine from the configuration: store → clock → connectors → job runner. */
export async function createEngine(config: Config, options: EngineOptions): Promise<Engine> {
  const logger = options.logger ?? pino({ level: config.logLevel });
  // Read before anything opens: a mistake in the file stops the start with its message alone.
  const connectorsFile = config.connectorsFile ? loadConnectorsConfig(config.connectorsFile) : null;
  const masters = resolveMasterKeys(config);
  const store = await openStore(config.databaseUrl, {
    preparedStatements: config.pgPrepared,
    ...(options.schema ? { schema: options.schema } : {}),
  });
  const secrets = new Keyring(store, masters);
  try {
    await store.migrate();
    // Before anything seals or opens: a process under another master key stops here, saying so.
    await secrets.check();
  } catch (err) {
    await store.close();
    throw err;
  }
  if (masters.generated) {
    logger.warn(
      { file: masters.file, masterKey: masters.current.id },
      'generated the secret key that seals webhook secrets and 2FA codes; back it up with the database ' +
        '(without it they cannot be read), and give every instance of a shared database the same OMNIGATE_SECRET_KEY',
    );
  } else if (masters.source === 'file' && (keyFileMode(masters.file) & 0o077) !== 0) {
    logger.warn({ file: masters.file }, 'the secret key file can be read by other users: chmod 600 it');
  }
  // What this version creates is private; what an earlier one (or a hand) made may not be. Looked
  // at once a process: the engine's thread shares the serving thread's data folder.
  const sqliteFile = config.databaseUrl.startsWith('sqlite:')
    ? config.databaseUrl.slice('sqlite:'.length)
    : '';
  const wide = !isMainThread
    ? []
    : widerThanPrivate(
        config.dataDir,
        sqliteFile && sqliteFile !== ':memory:' ? [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`] : [],
      );
  if (wide.length > 0) {
    logger.warn(
      { paths: wide.slice(0, 20), count: wide.length },
      'data other users of this machine can read (message texts, numbers, uploads, keys): chmod 700 its folders and 600 its files (docs/security.md#files-on-disk)',
    );
  }
  // SQLite checkpoints in the commit that takes the log past the mark: with the engine in a thread
  // of its own (which commits every dispatch pass), its connection does it, not the one that
  // answers HTTP. The higher mark here only bounds the log when the engine has nothing to commit.
  if (options.engine !== undefined && options.engine !== 'here' && store.caps.dialect === 'sqlite') {
    await sql`pragma wal_autocheckpoint = 10000`.execute(store.db);
  }
  const clock = await makeClock(config, store, options.clockStart ?? Date.now());
  const events = new EventBus<EngineEventMap>();
  const handlers = new Map<string, JobHandler>(options.handlers ?? []);
  const connectors = new ConnectorRegistry();

  let runner: JobRunner | null = null;
  const ctx: Ctx = {
    config,
    store,
    clock,
    logger,
    events,
    secrets,
    outbound: new OutboundPolicy(config.webhookAllow, options.resolve),
    workAdded:
      options.engine && options.engine !== 'here'
        ? options.engine.workAdded
        : (kinds) => runner?.nudge(kinds),
  };
  // Work this instance commits wakes the lanes that run it (here, or in the engine's thread).
  store.work.on(ctx.workAdded);
  const { features } = options;
  await features.prepare(ctx);
  const dispatcher = createDispatcher(ctx, connectors, features.routeReports);
  const sink: ConnectorSink = { ...dispatcher.sink, mo: (mo) => features.receiveMo(ctx, mo) };
  const smppConnectors = connectorsFile ? addSmppConnectors(ctx, sink, connectors, connectorsFile) : [];
  const upstreamConnectors = connectorsFile
    ? await addUpstreamConnectors(ctx, sink, connectors, connectorsFile, config.connectorsFile ?? '').catch(
        async (err: unknown) => {
          await store.close();
          throw err;
        },
      )
    : [];
  if (config.sandbox) {
    const sandbox = createSandboxConnector({ ctx, sink });
    connectors.add(sandbox);
    for (const [k, h] of sandbox.jobHandlers) handlers.set(k, h);
  }
  for (const [k, h] of dispatcher.jobHandlers) handlers.set(k, h);
  for (const [k, h] of features.jobHandlers(ctx)) handlers.set(k, h);
  handlers.set(...retentionHandler(ctx));
  if (config.role !== 'api' && (options.engine ?? 'here') === 'here') {
    runner = new JobRunner({
      store,
      clock,
      events,
      handlers,
      logger,
      lanes: [
        // Due messages, claimed from their own rows (src/engine/message-source.ts).
        {
          kinds: [],
          concurrency: store.caps.dispatchConcurrency,
          source: { kind: DISPATCH_WORK, work: dispatcher.messages },
        },
        // The dispatch and wait jobs an instance of a version before migration 0025 may still add
        // during an upgrade, and the sweep's wait job for waits far past their end.
        { kinds: [WAIT_JOB, DISPATCH_JOB], concurrency: store.caps.dispatchConcurrency },
        // Webhook posts in a lane of their own. They wait on the client's network, up to 5 s each:
        // 200 hanging on a dead receiver held every other background job (reservations firing,
        // broadcasts, the sandbox's delayed receipts, the sweep) until they timed out. And a claim
        // walks the due jobs of each of its lane's kinds: in the lane of everything else (a dozen
        // kinds) a claim for each batch of reports cost a third more (docs/performance-log.md).
        { kinds: [REPORT_WEBHOOK_JOB, MO_DELIVERY_JOB], concurrency: WEBHOOK_CONCURRENCY },
      ],
      leaseMs: config.jobLeaseMs,
      pollMs: config.jobPollMs,
    });
  }
  // Where the jobs run: a serving thread re-emits its engine thread's events, logged there.
  if (runner) {
    events.on('job.dead', (e) =>
      logger.error({ kind: e.kind, job: e.id, attempts: e.attempts }, 'job gave up'),
    );
  }

  // Another instance may move the shared clock (the manual clock's time, the sandbox's offset of
  // the system clock); follow it.
  let clockSync: NodeJS.Timeout | null = null;
  let stopping: Promise<void> | null = null;

  const remote = options.engine && options.engine !== 'here' ? options.engine : null;
  const fromRemote = remote?.connectorStats;
  const connectorStats: ConnectorStatsSource[] = fromRemote
    ? smppConnectors.map((c) => ({
        name: c.name,
        channels: c.channels,
        stats: () => fromRemote(c.name) ?? c.stats(),
      }))
    : smppConnectors;

  return {
    ctx,
    runner,
    smppConnectors,
    upstreamConnectors,
    connectorStats,
    storeCounts() {
      const there = remote?.storeCounts?.();
      return there ? addCounts(store.counts, there) : store.counts;
    },
    start() {
      if (runner) {
        // The sweep and the purge keep themselves going; enqueued once for all instances (their
        // dedupe keys).
        const now = clock.now();
        void enqueueJobs(store.db, [sweepJob(now), retentionJob(now)], now).catch((err: unknown) =>
          logger.error({ err }, 'could not schedule the sweep and the purge'),
        );
      }
      runner?.start();
      // Binds carry receipts and MO too: an API-only instance leaves the SMSC to the workers.
      if (runner) for (const c of smppConnectors) c.start();
      if (runner) for (const c of upstreamConnectors) c.start();
      if (clock instanceof ManualClock && !clockSync) {
        // A move made here while a read was on its way makes that read stale: it is dropped,
        // or it would set the clock back.
        let moves = 0;
        clock.onChange(() => {
          moves += 1;
        });
        clockSync = setInterval(() => {
          const before = moves;
          void getSetting(store, CLOCK_SETTING)
            .then((v) => {
              if (v !== undefined && moves === before && Number(v) !== clock.now()) clock.set(Number(v));
            })
            .catch(() => {});
        }, config.jobPollMs);
        clockSync.unref();
      }
      // The sandbox's offset of the system clock: read once a second, not at each job poll (a
      // gateway on the system clock may be a busy one), and by the serving thread alone, which
      // tells the engine's thread of every move (src/engine/thread.ts).
      if (clock instanceof SystemClock && config.sandbox && isMainThread && !clockSync) {
        let moves = 0;
        clock.onChange(() => {
          moves += 1;
        });
        clockSync = setInterval(() => {
          const before = moves;
          void readClockOffset(store)
            .then((ms) => {
              if (moves === before) clock.setOffset(ms);
            })
            .catch(() => {});
        }, 1000);
        clockSync.unref();
      }
    },
    stop() {
      if (!stopping) {
        stopping = (async () => {
          if (clockSync) clearInterval(clockSync);
          await runner?.stop(config.shutdownGraceMs);
          await connectors.stop();
          await store.close();
        })();
      }
      return stopping;
    },
  };
}
