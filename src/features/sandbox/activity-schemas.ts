import { Type } from '@sinclair/typebox';
import { named } from '../../http/openapi/components.ts';
import { Nullable, Time } from '../../http/schema-types.ts';

/*
 * Schemas of the handsets list and the read marks (free of server imports: the console takes
 * its types from here).
 */

export const HANDSETS_PAGE_MAX = 200;
export const HANDSETS_PAGE_DEFAULT = 50;
/** Counts stop here: a number with a million rows costs what one with this many does. */
export const COUNT_CAP = 99;
/** Digits of a number: a search holds 1 to this many. */
export const SEARCH_MAX = 15;

export const HandsetsQuery = Type.Object({
  search: Type.Optional(
    Type.String({ description: `digits found anywhere in the number (1 to ${SEARCH_MAX} digits)` }),
  ),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: HANDSETS_PAGE_MAX, default: HANDSETS_PAGE_DEFAULT }),
  ),
  after: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'the `after` of the page before: numbers whose last activity is older than it',
    }),
  ),
});

export const ActiveHandset = named(
  'ActiveHandset',
  Type.Object({
    phone: Type.String(),
    count: Type.Integer({ description: `rows (delivered and failed), counted up to ${COUNT_CAP}` }),
    countCapped: Type.Boolean({ description: `true: more than ${COUNT_CAP}` }),
    unread: Type.Integer({ description: `rows above the read mark, counted up to ${COUNT_CAP}` }),
    unreadCapped: Type.Boolean({ description: `true: more than ${COUNT_CAP} unread` }),
    lastId: Type.Integer({ description: 'the id of its newest row' }),
    lastAt: Time('iso'),
  }),
);

export const HandsetsList = named(
  'HandsetsPage',
  Type.Object({
    handsets: Type.Array(ActiveHandset, { description: 'most recent activity first' }),
    hasMore: Type.Boolean({
      description:
        'more numbers may follow: ask again with `after` (a page can be short when a search is sparse)',
    }),
    after: Nullable(Type.Integer({ description: 'pass as `after` for the next page (null: the end)' })),
  }),
);

export const ReadBody = Type.Object(
  {
    upTo: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'the last row id read (default: the newest row)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ReadView = named(
  'ReadMark',
  Type.Object({
    phone: Type.String(),
    readId: Type.Integer({ description: 'rows up to this id are read (the mark only moves up)' }),
    unread: Type.Integer({ description: `rows above the mark, counted up to ${COUNT_CAP}` }),
    unreadCapped: Type.Boolean(),
  }),
);
