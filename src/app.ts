import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { WebhookHandler } from './connectors/upstream/webhook.ts';
import type { Ctx } from './context.ts';
import { overviewRoutes } from './features/admin/overview-routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { broadcastRoutes } from './features/brandmessage/broadcast-routes.ts';
import { friendGroupRoutes } from './features/brandmessage/friend-group-routes.ts';
import { permissionRoutes } from './features/brandmessage/permission-routes.ts';
import { brandTemplateRoutes } from './features/brandmessage/template-routes.ts';
import { videoRoutes } from './features/brandmessage/video-routes.ts';
import { videoUploadRoutes } from './features/brandmessage/video-upload-routes.ts';
import { consoleRoutes } from './features/console/routes.ts';
import { ConsoleSessions } from './features/console/session.ts';
import { sessionRoutes } from './features/console/session-routes.ts';
import { fileRoutes } from './features/files/routes.ts';
import { fileServeRoutes } from './features/files/serve-routes.ts';
import { infomsgRoutes } from './features/infomsg/routes.ts';
import { moRoutes } from './features/mo/routes.ts';
import { adminPolicyRoutes, optOutRoutes } from './features/policy/routes.ts';
import { rcsRoutes } from './features/rcs/routes.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { reservationRoutes } from './features/reservations/routes.ts';
import { sandboxFriendGroupRoutes } from './features/sandbox/friend-group-routes.ts';
import { sandboxMoRoutes } from './features/sandbox/mo-routes.ts';
import { sandboxReviewRoutes } from './features/sandbox/review-routes.ts';
import { sandboxRoutes } from './features/sandbox/routes.ts';
import { sandboxTimelineRoutes } from './features/sandbox/timeline-routes.ts';
import { sandboxVideoRoutes } from './features/sandbox/video-routes.ts';
import { sandboxWorldRoutes } from './features/sandbox/world-routes.ts';
import { sendRoutes } from './features/send/routes.ts';
import { rootRoute } from './features/system/root-route.ts';
import { systemRoutes } from './features/system/routes.ts';
import { twofaRoutes } from './features/twofa/routes.ts';
import type { FeaturePlugin } from './features/types.ts';
import { upstreamWebhookRoutes } from './features/upstream/webhook-routes.ts';
import { makeAdminAuth } from './http/admin-auth.ts';
import { makeApiAuth } from './http/api-auth.ts';
import { auditHook } from './http/audit-hook.ts';
import { newTrId } from './http/envelope.ts';
import { errorHandler, frameworkErrorHandler, sendCoded } from './http/error-handler.ts';
import type { Metrics } from './http/metrics.ts';
import { completeDocument } from './http/openapi/document.ts';
import type { RouteDocs } from './http/openapi/operation-doc.ts';
import { keepUnparsedBody } from './http/refused-capture.ts';
import { RefusedRecorder } from './http/refused-requests.ts';
import { refuseLooseNumbers } from './http/strict-integers.ts';
import { refuseBooleanScalars } from './http/strict-scalars.ts';
import { unknownQueryWatch } from './http/unknown-query.ts';

export interface AppDeps {
  ctx: Ctx;
  adminToken: string;
  metrics: Metrics;
  /** More client-API plugins behind the API-key hook (tests of the plumbing use it). */
  clientPlugins?: readonly FeaturePlugin[];
  /** Where upstream connectors take their upstream's reports and MO (src/connectors/upstream/webhook.ts). */
  upstreamHooks?: readonly WebhookHandler[];
}

/** swagger-ui's CSP (with the hashes of its own inline code), narrowed to this origin. */
function docsCsp(header: string): string {
  return (
    header
      .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
      .replace(/ validator\.swagger\.io/g, '')
      .replace(/ https:/g, '')
      .replace(/\s*upgrade-insecure-requests;?/, '')
      // swagger-ui sets style attributes as it renders; a style cannot run code. (With a hash in
      // the list, browsers ignore 'unsafe-inline': the directive is written anew.)
      .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
      .concat(" form-action 'none';")
  );
}

async function docsGuard(_req: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('x-frame-options', 'DENY');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
}

/** Fastify's trustProxy: a number of hops as the function proxy-addr takes for it. */
function trustProxyOption(
  v: boolean | number | readonly string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof v === 'number') return (_address, hop) => hop < v;
  return typeof v === 'boolean' ? v : [...v];
}

/** Builds the HTTP application without listening: main.ts listens, tests call inject(). */
export async function buildApp({
  ctx,
  adminToken,
  metrics,
  clientPlugins = [],
  upstreamHooks = [],
}: AppDeps) {
  const logger: FastifyBaseLogger = ctx.logger;
  const app = Fastify({
    loggerInstance: logger,
    // One log line per request would be the largest cost at thousands of requests a second;
    // errors are logged with their trId, and /metrics counts the rest.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'trId' }),
    genReqId: () => newTrId(),
    // A socket that sends its headers slowly (or never finishes them) is closed: Node's defaults
    // (60 s for headers, looked at every 30 s) held half-sent requests open for up to 90 s.
    http: {
      headersTimeout: Math.min(ctx.config.headersTimeoutMs, ctx.config.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
    requestTimeout: ctx.config.requestTimeoutMs,
    // The client's address behind a reverse proxy (OMNIGATE_TRUST_PROXY): the sign-in throttle's key.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: ctx.config.bodyLimit,
    // Path parameters are keys and phone numbers; the default of 100 characters answers a raw 414.
    routerOptions: { maxParamLength: 1000 },
    // Digit strings are accepted where the spec has numbers (timeout, tpsLimit, requestId).
    ajv: {
      customOptions: { coerceTypes: true, removeAdditional: false, allErrors: false, keywords: ['x-time'] },
    },
    // A path that does not decode (%ZZ) is refused before routing: answered as every refusal is.
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler(errorHandler);
  // Many clients send `Content-Type: application/json` on every call, bodiless DELETEs and POSTs
  // included: an empty body is no body (a route that needs one says so: A300), not bad JSON.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') done(null, undefined);
    // A body that is not JSON is kept as text for the refused request's record (refused-capture.ts).
    else
      json(req, text, (err, body) => {
        if (err) keepUnparsedBody(req, text);
        done(err, body);
      });
  });
  app.setNotFoundHandler((req, reply) =>
    sendCoded(req, reply, 'A404', `${req.method} ${req.url.split('?')[0]}`),
  );
  // Before Ajv, whose coercion would store `true` as "true" in a string field, 1 in a number.
  app.addHook('preValidation', refuseBooleanScalars);
  // Before Ajv too, whose coercion read `Infinity`, `1e309` and `0x10` as numbers.
  app.addHook('preValidation', refuseLooseNumbers);
  app.addHook('preValidation', unknownQueryWatch(metrics, logger));
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: req.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  // Refused client requests, kept a while for the console's answer to "why was it refused?".
  const refused = new RefusedRecorder(ctx, metrics);
  app.decorate('refusedRequests', refused);
  app.addHook('onSend', refused.onSend);
  app.addHook('onResponse', refused.onResponse);
  app.addHook('onClose', () => refused.flush());

  /*
   * The OpenAPI catalogs (every operation's description, schemas and real examples) load when
   * /docs is first asked for, not at start: about 5 MB of heap that a gateway whose reference
   * nobody reads never needs (docs/decisions.md#integrators-kit).
   */
  let catalogs: { routeDocs: RouteDocs } | undefined;
  const loadOperationDocs = async () => {
    catalogs ??= await import('./http/openapi/catalog.ts');
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/docs')) return;
    const own = route.onRequest;
    route.onRequest = [...(Array.isArray(own) ? own : own ? [own] : []), loadOperationDocs, docsGuard];
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Omnigate',
        description:
          'Messaging Gateway API (client API under /api), operator API (/admin/v1) and sandbox control API (/sandbox/v1).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The client API key' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'The operator (admin) token' },
          consoleSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'omnigate_session',
            description:
              "The console's session (POST /admin/v1/session); a call that changes something also sends the session's X-CSRF-Token header",
          },
        },
      },
    },
    transformObject: (generated) => {
      if (!('openapiObject' in generated)) return generated.swaggerObject;
      // Never cache a document without its catalogs: the /docs hooks load them first.
      if (!catalogs) throw new Error('the OpenAPI catalogs are not loaded');
      return completeDocument(generated.openapiObject, { publicUrl: ctx.config.publicUrl, ...catalogs });
    },
  });
  // The reference shares the console's origin: its page may not be framed (clickjacking the
  // operator's session), and loads nothing from elsewhere (swagger-ui's defaults allow any https
  // font or style and the online validator; upgrade-insecure-requests broke it over plain http).
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: docsCsp });

  // Uploads: the largest accepted file is checked per route; this is the hard ceiling.
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 5, fields: 50 } });

  await app.register(systemRoutes, { store: ctx.store, metrics });
  await app.register(rootRoute, { console: ctx.config.console });
  await app.register(fileServeRoutes, { ctx });
  await app.register(videoUploadRoutes, { ctx });
  if (upstreamHooks.length > 0) await app.register(upstreamWebhookRoutes, { hooks: upstreamHooks });

  const apiAuth = makeApiAuth(ctx);
  await app.register(async (api) => {
    api.addHook('onRequest', apiAuth.hook);
    for (const plugin of [
      sendRoutes,
      reservationRoutes,
      reportRoutes,
      fileRoutes,
      infomsgRoutes,
      brandTemplateRoutes,
      rcsRoutes,
      friendGroupRoutes,
      videoRoutes,
      permissionRoutes,
      broadcastRoutes,
      twofaRoutes,
      moRoutes,
      optOutRoutes,
      ...clientPlugins,
    ]) {
      await api.register(plugin, { ctx });
    }
  });

  // The console signs in with the admin token and then holds a session cookie instead of it.
  const sessions = ctx.config.console ? new ConsoleSessions(ctx, adminToken) : null;
  const adminAuth = makeAdminAuth(adminToken, sessions);
  const audit = auditHook(ctx);
  if (sessions) {
    await app.register(sessionRoutes, { prefix: '/admin/v1', ctx, sessions, adminAuth });
    await app.register(consoleRoutes, { config: ctx.config });
  }
  await app.register(
    async (admin) => {
      admin.addHook('onRequest', adminAuth);
      admin.addHook('onSend', audit);
      await admin.register(adminRoutes, { ctx, onKeysChanged: apiAuth.forget });
      await admin.register(overviewRoutes, { ctx, metrics });
      await admin.register(adminPolicyRoutes, { ctx });
    },
    { prefix: '/admin/v1' },
  );

  if (ctx.config.sandbox) {
    await app.register(
      async (sandbox) => {
        sandbox.addHook('onRequest', adminAuth);
        sandbox.addHook('onSend', audit);
        await sandbox.register(sandboxRoutes, { ctx });
        await sandbox.register(sandboxWorldRoutes, { ctx });
        await sandbox.register(sandboxTimelineRoutes, { ctx });
        await sandbox.register(sandboxReviewRoutes, { ctx });
        await sandbox.register(sandboxFriendGroupRoutes, { ctx });
        await sandbox.register(sandboxVideoRoutes, { ctx });
        await sandbox.register(sandboxMoRoutes, { ctx });
      },
      { prefix: '/sandbox/v1' },
    );
  }

  return app;
}

export type GatewayApp = Awaited<ReturnType<typeof buildApp>>;
