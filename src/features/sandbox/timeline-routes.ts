import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import { GatewayError } from '../../errors.ts';
import { type ConsoleSession, findSession } from '../../store/accounts/console-sessions.ts';
import { newestTimelineId } from '../../store/sandbox/timeline.ts';
import type { FeaturePlugin } from '../types.ts';
import { listActiveHandsets, markRead } from './activity.ts';
import { HandsetsList, HandsetsQuery, ReadBody, ReadView } from './activity-schemas.ts';
import { checkPhone } from './handsets.ts';
import { showTimeline } from './timeline.ts';
import { TimelineHub } from './timeline-hub.ts';
import { StreamGap, StreamQuery, TimelineItem, TimelinePage, TimelineQuery } from './timeline-schemas.ts';
import { PhoneParams } from './world-schemas.ts';

const doc = (summary: string, description?: string) => ({
  tags: ['sandbox'],
  summary,
  ...(description ? { description } : {}),
});

const STREAM_DOC = [
  'Server-Sent Events of the rows that reach the handset (delivered or failed) and of the MOs it',
  'sends, as they arrive.',
  'Event `item`: `id` is the row id, `data` a TimelineItem (JSON). Event `gap`: more than 100 rows',
  'arrived between two looks; the newest 100 follow, the skipped ones load with the timeline',
  'endpoint (`data`: {afterId, beforeId, skipped}). A `: ping` comment every 15 s; `retry: 2000`.',
  'Resumes after the `Last-Event-ID` header (EventSource sends it when it reconnects) or `?since=`;',
  'without either, only rows that arrive from now on. A console session that ends closes the',
  'stream within a ping.',
].join(' ');

/** The id EventSource sends back on reconnection, or null without one. */
function lastEventId(req: FastifyRequest): number | null {
  const raw = req.headers['last-event-id'];
  if (raw === undefined || raw === '') return null;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || !/^[0-9]{1,15}$/.test(v)) {
    throw new GatewayError('A300', 'Last-Event-ID must be a row id (digits)');
  }
  return Number(v);
}

/**
 * A stream opened by a console session lasts while the session does (asked at each ping); one
 * opened with the admin token, while the token is right, which it stays for the process's life.
 */
export function aliveWhile(ctx: Ctx, session: Pick<ConsoleSession, 'idHash'> | null): () => Promise<boolean> {
  if (!session) return async () => true;
  return async () => {
    const s = await findSession(ctx.store, session.idHash);
    return s !== undefined && s.expiresAt > Date.now();
  };
}

/** The console's views of the sandbox world: active handsets, read marks, timelines, live streams. */
export const sandboxTimelineRoutes: FeaturePlugin = async (app, { ctx }) => {
  const hub = new TimelineHub(ctx);
  // Before the server waits for open requests to end: a stream never ends by itself.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/handsets',
    {
      schema: {
        operationId: 'listActiveHandsets',
        ...doc(
          'Numbers that received anything (delivered or failed), most recent activity first',
          'Paged with `after`. Each request reads a bounded part of the inbox table: a page can come back short (a sparse search, a few very busy numbers) with `hasMore` true; ask again with `after`.',
        ),
        querystring: HandsetsQuery,
        response: { 200: HandsetsList },
      },
    },
    async (req) => listActiveHandsets(ctx, req.query),
  );

  app.post(
    '/handsets/:phone/read',
    {
      schema: {
        operationId: 'markHandsetRead',
        ...doc('Mark the handset read up to a row (default: its newest); the mark only moves up'),
        params: PhoneParams,
        body: Type.Optional(ReadBody),
        response: { 200: ReadView },
      },
    },
    async (req) => markRead(ctx, req.params.phone, req.body?.upTo),
  );

  app.get(
    '/handsets/:phone/timeline',
    {
      schema: {
        operationId: 'getTimeline',
        ...doc(
          'Every step sent to the handset (delivered messages and failures at the handset) and the MOs it sent',
          'The newest `limit` rows before `before`, oldest first (the newest at the bottom, as a phone shows). `failover` marks a step after an earlier one failed; `kind` mo is an MO the handset sent (POST /sandbox/v1/mo).',
        ),
        params: PhoneParams,
        querystring: TimelineQuery,
        response: { 200: TimelinePage },
      },
    },
    async (req) => showTimeline(ctx, { phone: req.params.phone, ...req.query }),
  );

  app.get(
    '/handsets/:phone/timeline/stream',
    {
      // A HEAD would get no body, and the stream would run on unseen: there is none.
      exposeHeadRoute: false,
      schema: {
        operationId: 'streamTimeline',
        ...doc('Live timeline (Server-Sent Events)', STREAM_DOC),
        params: PhoneParams,
        querystring: StreamQuery,
        response: {
          200: {
            description: 'text/event-stream: events `item` (TimelineItem) and `gap`',
            content: {
              'text/event-stream': { schema: Type.Union([TimelineItem, StreamGap]) },
            },
          },
        },
      },
    },
    async (req, reply) => {
      const phone = checkPhone(req.params.phone);
      const since = lastEventId(req) ?? req.query.since ?? (await newestTimelineId(ctx.store, phone));
      const alive = aliveWhile(ctx, req.consoleSession);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) would hold the events back in their buffers otherwise.
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');
      const stop = hub.watch(
        phone,
        since,
        {
          write: (text) => {
            if (!res.destroyed) res.write(text);
          },
          needsDrain: () => res.writableNeedDrain,
          end: () => {
            if (!res.destroyed) res.end();
          },
        },
        alive,
      );
      res.on('close', stop);
    },
  );
};
