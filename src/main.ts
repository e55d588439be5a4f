import type { Config } from './config.ts';
import type { ConnectorStats } from './connectors/smpp/connector.ts';
import { type EngineThread, startEngineThread } from './engine/thread.ts';
import { consoleBundle } from './features/console/bundle.ts';
import { createGateway } from './gateway.ts';
import type { StatementCounts } from './store/db/statement-counts.ts';

/**
 * `omnigate serve`: builds the gateway, listens, starts the workers. The first SIGTERM or SIGINT
 * stops gracefully (no new connections, in-flight requests and jobs finish, leases released);
 * a second one exits at once.
 */
export async function serve(config: Config): Promise<void> {
  // An in-memory SQLite database is one per connection: a thread of its own would see none of it.
  const inMemory = config.databaseUrl === 'sqlite:' || config.databaseUrl.startsWith('sqlite::memory:');
  const threaded = config.role === 'all' && config.engineThread && !inMemory;
  let engine: EngineThread | null = null;
  // SMPP connectors bind in the engine's thread; /metrics and the overview here read what it sends.
  const connectorStats = new Map<string, ConnectorStats>();
  let engineCounts: StatementCounts | undefined;
  const gw = await createGateway(
    config,
    threaded
      ? {
          engine: {
            workAdded: (kinds) => engine?.wake(kinds),
            connectorStats: (name) => connectorStats.get(name),
            storeCounts: () => engineCounts,
          },
        }
      : {},
  );
  const log = gw.ctx.logger;
  // After this thread's gateway: it has migrated the database and made the admin token.
  if (threaded) {
    engine = await startEngineThread(config, gw.ctx.events, gw.ctx.clock, log, {
      connectorStats: (stats) => {
        for (const s of stats) connectorStats.set(s.name, s);
      },
      storeCounts: (counts) => {
        engineCounts = counts;
      },
    });
  }
  const stop = async () => {
    // Requests first (no new work), then the engine, then this thread's database connection.
    await gw.app.close();
    await engine?.stop();
    await gw.stop();
  };
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    log.info({ signal }, 'stopping: finishing in-flight work');
    stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  // The token opens the operator API with a Bearer header, where no throttle slows guessing.
  if (!gw.adminTokenGenerated && gw.adminToken.length < 24) {
    log.warn('OMNIGATE_ADMIN_TOKEN is shorter than 24 characters: choose a long random one');
  }
  // Bundled now, beside the start-up, so that the first page opened is quick.
  if (config.console) {
    consoleBundle().then(
      (b) => log.debug({ buildMs: b.buildMs }, 'console bundled'),
      (err: unknown) => log.error({ err }, 'the console could not be bundled'),
    );
  }
  await gw.app.listen({ host: config.host, port: config.port });
  gw.start();
  const address = gw.app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const db = config.databaseUrl.startsWith('sqlite:') ? config.databaseUrl : 'postgres';
  const base = config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;
  // The one plain block among the JSON lines: a person must read and keep the token, and a log
  // event would carry it into every log store. Written before "listening", so that whoever waits
  // for that line has the token too.
  if (gw.adminTokenGenerated) {
    process.stdout.write(
      `Admin token (printed once; kept in ${config.dataDir}/admin-token): ${gw.adminToken}\n` +
        `  Create an account: curl -s -X POST ${base}/admin/v1/accounts -H "Authorization: Bearer $(cat ${config.dataDir}/admin-token)" -H 'Content-Type: application/json' -d '{"name":"acme"}'\n`,
    );
  }
  // Start-up says where it listens even under LOG_LEVEL=warn (scripts and tests wait for this
  // line); only `silent` silences it.
  const startLog = config.logLevel === 'silent' ? log : log.child({}, { level: 'info' });
  startLog.info(
    {
      url: `http://${config.host}:${port}`,
      database: db,
      sandbox: config.sandbox,
      clock: config.clock,
      role: config.role,
      docs: `${base}/docs`,
      ...(config.console ? { console: `${base}/console/` } : {}),
    },
    'listening',
  );
}
