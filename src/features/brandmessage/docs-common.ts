import { type TSchema, Type } from '@sinclair/typebox';

/*
 * What the brand message docs modules (template-docs.ts, friend-group-docs.ts, video-docs.ts,
 * broadcast-docs.ts) share. Loaded with the OpenAPI document only.
 */

/** The sender profile of every example (the test client's first profile). */
export const SENDER_KEY = 'sk-acc_0mwwtg83n0001e9e43402';

/** `{ [key]: schema }`: the handlers wrap their records in one named field. */
export const wrap = (key: string, schema: TSchema) => Type.Object({ [key]: schema });
