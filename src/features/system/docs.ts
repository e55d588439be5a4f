import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { Health, Readiness } from './schemas.ts';

/*
 * What the OpenAPI document says of the unauthenticated system routes: liveness, readiness and
 * the Prometheus metrics. Loaded with the document, not at start.
 */

export const systemDocs: RouteDocs = {
  getHealth: {
    description:
      'Liveness: answers `{"status": "ok"}` while the process serves requests, without touching the database. No credentials. A failed or missing answer means the process should be restarted.',
    response: Health,
    errors: [],
    example: { status: 'ok' },
  },
  getReadiness: {
    description:
      'Readiness: 200 `{"status": "ready"}` when the database answers and every migration is applied, 503 `{"status": "not ready"}` otherwise. No credentials. A load balancer sends traffic only to a ready instance.',
    response: Readiness,
    errors: [],
    example: { status: 'ready' },
    otherResponses: {
      '503': {
        description: 'Not ready: the database does not answer, or a migration is not applied yet',
        schema: Readiness,
        example: { status: 'not ready' },
      },
    },
  },
  getMetrics: {
    description:
      "The gateway's Prometheus metrics in the text exposition format (version 0.0.4): HTTP requests and their durations by route, jobs, messages accepted and final, failures, retention purges, and the process's own figures (all prefixed omnigate_). No credentials: expose the port to the scraper only.",
    media: {
      type: 'text/plain',
      description: 'Prometheus text exposition format 0.0.4 (`text/plain; version=0.0.4; charset=utf-8`)',
    },
    errors: [],
  },
};
