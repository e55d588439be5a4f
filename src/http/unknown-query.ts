import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics.ts';

/*
 * A query parameter that the route does not take is ignored, as the hosted service ignores it, but
 * never without a trace: a client that misspells a filter (or sends one this gateway lacks) would
 * otherwise get a whole, unfiltered list and never know. Each is counted in /metrics and logged at
 * warn once per route and name.
 */

/** Distinct (route, name) pairs given their own label and log line; the rest are counted as one. */
const MAX_PAIRS = 500;
const PLAIN_NAME = /^[A-Za-z0-9_.[\]-]{1,64}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The names a route's querystring schema declares (none when it declares no query). */
function declared(schema: unknown): Record<string, unknown> {
  if (!isRecord(schema) || !isRecord(schema.querystring)) return {};
  const props = schema.querystring.properties;
  return isRecord(props) ? props : {};
}

export function unknownQueryWatch(metrics: Metrics, logger: FastifyBaseLogger) {
  const seen = new Set<string>();
  return async (req: FastifyRequest): Promise<void> => {
    const query = req.query;
    if (!isRecord(query)) return;
    const names = Object.keys(query);
    if (names.length === 0) return;
    // A getter that builds a new object at each read: read once.
    const { url: route, schema } = req.routeOptions;
    // Unmatched paths answer A404 already; the reference pages take swagger-ui's own parameters.
    if (route === undefined || route.startsWith('/docs')) return;
    const known = declared(schema);
    for (const name of names) {
      if (Object.hasOwn(known, name)) continue;
      const pair = `${req.method} ${route} ${name}`;
      // A client inventing names must not grow the label set (or the log) without end.
      const labelled = PLAIN_NAME.test(name) && (seen.has(pair) || seen.size < MAX_PAIRS);
      metrics.unknownQueryParams.inc({ route: `${req.method} ${route}`, name: labelled ? name : '(other)' });
      if (!labelled || seen.has(pair)) continue;
      seen.add(pair);
      logger.warn(
        { route: `${req.method} ${route}`, param: name, trId: req.id },
        'query parameter ignored: the route does not take it',
      );
    }
  };
}
