import type { FeaturePlugin } from '../types.ts';
import { putHandset, resetHandset, showHandset } from './handsets.ts';
import { emptyInbox, showInbox } from './inbox.ts';
import * as S from './world-schemas.ts';

const doc = (summary: string) => ({ tags: ['sandbox'], summary });

/** The sandbox world: handsets and their inboxes (admin token, under /sandbox/v1). */
export const sandboxWorldRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.put(
    '/handsets/:phone',
    {
      schema: {
        operationId: 'setHandset',
        ...doc('Set what a handset is; properties left out take their defaults'),
        params: S.PhoneParams,
        body: S.HandsetBody,
        response: { 200: S.HandsetView },
      },
    },
    async (req) => putHandset(ctx, req.params.phone, req.body),
  );
  app.get(
    '/handsets/:phone',
    {
      schema: {
        operationId: 'getHandset',
        ...doc('A handset with its defaults filled in (configured false: never set)'),
        params: S.PhoneParams,
        response: { 200: S.HandsetView },
      },
    },
    async (req) => showHandset(ctx, req.params.phone),
  );
  app.delete(
    '/handsets/:phone',
    {
      schema: {
        operationId: 'resetHandset',
        ...doc('Reset a handset to the defaults (its inbox stays)'),
        params: S.PhoneParams,
        response: { 200: S.HandsetView },
      },
    },
    async (req) => resetHandset(ctx, req.params.phone),
  );
  app.get(
    '/handsets/:phone/inbox',
    {
      schema: {
        operationId: 'getInbox',
        ...doc('What reached the handset, in arrival order'),
        params: S.PhoneParams,
        querystring: S.InboxQuery,
        response: { 200: S.InboxView },
      },
    },
    async (req) => showInbox(ctx, { phone: req.params.phone, ...req.query }),
  );
  app.delete(
    '/handsets/:phone/inbox',
    {
      schema: {
        operationId: 'clearInbox',
        ...doc("Empty the handset's inbox"),
        params: S.PhoneParams,
        response: { 200: S.InboxCleared },
      },
    },
    async (req) => emptyInbox(ctx, req.params.phone),
  );
};
