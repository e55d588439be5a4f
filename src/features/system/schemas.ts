import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { StringEnum } from '../../http/schema-types.ts';

/*
 * What the system routes answer, as the OpenAPI document describes it. The routes themselves
 * serialise with a looser schema (routes.ts: readiness may add its reason); these records are
 * loaded with the document (docs.ts), not at start.
 */

export const Health = named(
  'Health',
  Type.Object({ status: StringEnum(['ok'] as const, 'always ok: the process answers') }),
);

export const Readiness = named(
  'Readiness',
  Type.Object({
    status: StringEnum(
      ['ready', 'not ready'] as const,
      'ready (200): the database answers and every migration is applied; not ready (503) otherwise',
    ),
  }),
);
