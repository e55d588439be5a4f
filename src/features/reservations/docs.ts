import { Type } from '@sinclair/typebox';
import type { Code } from '../../errors.ts';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { FLOW, SEND, SEND_RULES } from '../send/doc-codes.ts';
import { SendResult } from '../send/schema.ts';
import {
  Reservation,
  ReservationDestinationPage,
  ReservationDestinationRemoved,
  ReservationDestinationsAdded,
  ReservationList,
} from './schema.ts';

/*
 * What the OpenAPI document says of the reservation operations beyond their schemas: descriptions,
 * the codes each answers and real answers (test/http/openapi-messaging.test.ts drives the same
 * calls and checks each answer against the document). Loaded with the document, not at start.
 */

/** resvSendTime and resvName. */
const RESV_TIME: readonly Code[] = ['A315', 'A316', 'A330', 'A331', 'A332'];

const RESV_KEY = 'rsv_0mwwt8lg70000e740503e';

const reservationExample = (over: Record<string, unknown>) => ({
  seq: 1,
  resvKey: RESV_KEY,
  resvName: 'noon sale (final)',
  resvSendTime: '2026-12-01 11:30:00',
  status: 'PENDING',
  destinationCount: 2,
  messages: { held: 2 },
  createdAt: '2026-12-01 10:01:00',
  updatedAt: '2026-12-01 10:01:00',
  ...over,
});

export const reservationDocs: RouteDocs = {
  createReservation: {
    description: `Reserves a send for resvSendTime (Korea time, 10 minutes to 1 year ahead; advertising cannot be reserved for 20:00-08:00). Every check of a send applies now, and the accepted recipients wait (held) until the time. ${SEND_RULES} When no recipient is accepted nothing is stored and resvKey is "".`,
    response: SendResult,
    dataFields: {
      ref: Type.String({ description: 'the request’s ref, echoed; "" when none' }),
      resvKey: Type.String({ description: 'the reservation’s key; "" when no recipient was accepted' }),
    },
    errors: [...SEND, ...RESV_TIME],
    example: {
      destinations: [
        { to: '01012340011', msgKey: '0mwwt8lg80000e740503e', code: 'A000', result: 'SUCCESS' },
        { to: '01012340012', msgKey: '0mwwt8lg80001e740503e', code: 'A000', result: 'SUCCESS' },
      ],
    },
    exampleFields: { ref: 'campaign-12', resvKey: RESV_KEY },
    requestExample: {
      destinations: [{ to: '01012340011', replaceWords: { name: 'Kim' } }, { to: '01012340012' }],
      messageFlow: [{ sms: { from: '0212345678', text: 'Hello #{name}, the sale starts at noon' } }],
      resvSendTime: '2026-12-01 11:30:00',
      resvName: 'noon sale',
      ref: 'campaign-12',
    },
  },
  listReservations: {
    description:
      "The account's reservations in the order they were made, optionally only those sending on one Korea-time day (resvSendTime=yyyyMMdd, or a yyyy-MM-dd HH:mm:ss time for its day) or whose send carries one paymentCode. Paged by cursor: pass the answer's lastSeq as lastSeq while hasNext is true. A reservation whose messages have all ended is shown (and stored) DONE.",
    response: ReservationList,
    errors: ['A310', 'A315'],
    paging: 'lastSeq',
    example: {
      reservations: [reservationExample({ resvName: 'noon sale' })],
      lastSeq: 1,
      hasNext: false,
      limit: 100,
    },
  },
  getReservation: {
    description:
      'One reservation: its time, name, state and its recipients counted by message state. An unknown resvKey, or another account’s, is A820.',
    response: Reservation,
    errors: ['A820'],
    example: reservationExample({ resvName: 'noon sale' }),
  },
  updateReservation: {
    description:
      'Changes the time, the name or the messageFlow of a PENDING reservation (A824 in any other state); absent fields stay. A new messageFlow is checked as a send checks it, and every recipient against it: one that it would refuse refuses the whole update. Answers the reservation as it is now.',
    response: Reservation,
    errors: [...FLOW, ...RESV_TIME, 'A306', 'A333', 'A335', 'A820', 'A824'],
    example: reservationExample({}),
    requestExample: { resvName: 'noon sale (final)' },
  },
  cancelReservation: {
    description:
      'Cancels a PENDING or STOPPED reservation (A824 otherwise): its messages that have not gone out never will (state cancelled). Answers the reservation as it is now.',
    response: Reservation,
    errors: ['A820', 'A824'],
    example: reservationExample({ status: 'CANCELLED', destinationCount: 0, messages: { cancelled: 2 } }),
  },
  stopReservation: {
    description:
      'Stops a PENDING or PROCESSING reservation (A824 otherwise): messages not yet handed to a connector wait (held) until it is resumed or cancelled. Answers the reservation as it is now.',
    response: Reservation,
    errors: ['A820', 'A824'],
    example: reservationExample({ status: 'STOPPED' }),
  },
  resumeReservation: {
    description:
      'Resumes a STOPPED reservation (A824 otherwise): PENDING again when its time is still ahead, or PROCESSING at once when the time has passed (the held messages go out now). Answers the reservation as it is now.',
    response: Reservation,
    errors: ['A820', 'A824'],
    example: reservationExample({}),
  },
  listReservationDestinations: {
    description:
      "The reservation's recipients in the order they were added, with each message's state and report code. Paged by cursor as the list is (pass the answer's lastSeq as lastSeq while hasNext is true; limit 100 by default, at most 1000), or by offset and limit as before. Cancelled ones stay, in state cancelled; removed ones are gone.",
    response: ReservationDestinationPage,
    errors: ['A820'],
    paging: 'lastSeq',
    example: {
      resvKey: RESV_KEY,
      offset: 0,
      limit: 10,
      destinations: [
        {
          seq: 1,
          msgKey: '0mwwt8lg80000e740503e',
          to: '01012340011',
          status: 'held',
          reportCode: '',
          replaceWords: { name: 'Kim' },
        },
        { seq: 2, msgKey: '0mwwt8lg80001e740503e', to: '01012340012', status: 'held', reportCode: '' },
        {
          seq: 3,
          msgKey: '0mwwt8lhi0000e740503e',
          to: '01012340013',
          status: 'held',
          reportCode: '',
          replaceWords: { name: 'Lee' },
        },
      ],
      lastSeq: 3,
      hasNext: false,
    },
  },
  addReservationDestinations: {
    description:
      'Adds 1 to 1000 recipients to a PENDING or STOPPED reservation (A824 otherwise), each checked against its messageFlow as a send checks it: refused recipients get their code in their own result, the others wait with the rest.',
    response: ReservationDestinationsAdded,
    errors: ['A307', 'A318', 'A820', 'A824'],
    example: {
      resvKey: RESV_KEY,
      destinations: [{ to: '01012340013', msgKey: '0mwwt8lhi0000e740503e', code: 'A000', result: 'SUCCESS' }],
    },
    requestExample: { destinations: [{ to: '01012340013', replaceWords: { name: 'Lee' } }] },
  },
  removeReservationDestination: {
    description:
      'Removes one recipient of a PENDING or STOPPED reservation before its message goes out. A message that has already gone out is A824; a msgKey that is not in the reservation (or was removed) is A820.',
    response: ReservationDestinationRemoved,
    errors: ['A820', 'A824'],
    example: { resvKey: RESV_KEY, msgKey: '0mwwt8lhi0000e740503e' },
  },
};
