import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { Broadcast, BroadcastEstimate } from './broadcast-schema.ts';
import { SENDER_KEY, wrap } from './docs-common.ts';

/*
 * What the OpenAPI document says of the brand message broadcast operations (groupMessage) and of
 * the send permission own-member targeting needs, beyond their schemas: descriptions, the codes
 * each answers and real answers (test/http/openapi-center.test.ts drives the same calls and checks
 * each answer against the document). Loaded with the document, not at start.
 */

/** `{ brandmessage: broadcast }`: what every broadcast operation but the estimate answers. */
const BroadcastAnswer = wrap('brandmessage', Broadcast);

/** The example broadcast (WEEKLY to the group vip) as the client API answers it. */
const broadcastExample = (over: Record<string, unknown>) => ({
  brandmessage: {
    requestId: '1',
    status: 'READY',
    sendStartAt: '2026-11-23 11:00:00',
    campaignId: 'weekly-1123',
    tpsLimit: 5,
    pushAlarm: 'Y',
    expectedCount: 20,
    sendCount: 10,
    senderKey: SENDER_KEY,
    templateCode: 'WEEKLY',
    msgType: 'TEXT',
    friendGroupKey: 'vip',
    doneAt: null,
    ...over,
  },
});

/** A pause, resume or terminate of that broadcast. */
const action = (requestId: number) => ({ brandmessage: { senderKey: SENDER_KEY, requestId } });

export const broadcastDocs: RouteDocs = {
  /* ---------- send permission ---------- */

  checkSendPermission: {
    description:
      'A000 when the channel of the senderKey holds brand message send permission (own-member targeting M, N, ' +
      'O), A325 otherwise (without saying which requirement fails). Answers no data.',
    errors: ['A325', 'A340'],
  },
  applyForSendPermission: {
    description:
      'Applies for send permission, granted for the channel (every profile on it) when every requirement holds: ' +
      'business-verified, a channel phone number, 50,000 friends, consent evidence, and an informational send in ' +
      'the last 90 days. A refusal’s code is the first unmet requirement (A581-A585) and its text names them all; ' +
      'applying again once granted is A000. Takes brandMessage (or brandmessage). Answers no data.',
    errors: ['A340', 'A581', 'A582', 'A583', 'A584', 'A585'],
    requestExample: { brandMessage: { senderKey: SENDER_KEY } },
  },

  /* ---------- broadcasts ---------- */

  createBroadcast: {
    description:
      'Schedules a broadcast (READY, sendCount 0) of a registered template without variables (A590) to a ' +
      'completed friend group of at least 10 users (A591, A592) or, without friendGroupKey, to all friends of the ' +
      'profile. sendStartAt is at least 10 minutes ahead and inside 08:00-20:50 Korea time (A593-A595). The ' +
      'message is fixed now; the broadcast then sends tpsLimit messages a second in the window on its own.',
    response: BroadcastAnswer,
    errors: ['A310', 'A340', 'A505', 'A590', 'A591', 'A592', 'A593', 'A594', 'A595', 'A596', 'A597', 'A598'],
    example: broadcastExample({ sendCount: 0 }),
    requestExample: {
      brandmessage: {
        senderKey: SENDER_KEY,
        templateCode: 'WEEKLY',
        friendGroupKey: 'vip',
        sendStartAt: '2026-11-23 11:00:00',
        campaignId: 'weekly-1123',
        tpsLimit: 5,
      },
    },
  },
  getBroadcast: {
    description: 'A broadcast of the profile by requestId, with how far it has gone (A820 for none).',
    response: BroadcastAnswer,
    errors: ['A820'],
    example: broadcastExample({ status: 'SENDING' }),
  },
  pauseBroadcast: {
    description:
      'Pauses a SENDING broadcast (A824 in any other status): nothing more is sent, sendCount keeps what was sent. ' +
      'Answers the broadcast.',
    response: BroadcastAnswer,
    errors: ['A820', 'A824'],
    example: broadcastExample({ status: 'PAUSED' }),
    requestExample: action(1),
  },
  resumeBroadcast: {
    description:
      'Resumes a PAUSED broadcast (→ READY; A824 in any other status): it goes on by itself, at once when its start ' +
      'time has passed. Answers the broadcast.',
    response: BroadcastAnswer,
    errors: ['A820', 'A824'],
    example: broadcastExample({}),
    requestExample: action(1),
  },
  terminateBroadcast: {
    description:
      'Ends a READY, SENDING or PAUSED broadcast (→ TERMINATED, A824 otherwise): nothing more is sent; what was ' +
      'handed over goes on. Answers the broadcast.',
    response: BroadcastAnswer,
    errors: ['A820', 'A824'],
    // The one to all friends of the profile, terminated before its start.
    example: broadcastExample({
      requestId: '2',
      status: 'TERMINATED',
      sendStartAt: '2026-11-23 12:00:00',
      campaignId: '',
      tpsLimit: 100,
      expectedCount: 3,
      sendCount: 0,
      friendGroupKey: null,
      doneAt: '2026-11-23 09:00:42',
    }),
    requestExample: action(2),
  },
  estimateBroadcast: {
    description:
      'When a broadcast of count messages starting at startTime (yyyy-MM-ddTHH:mm:ss, Korea time; A593) at ' +
      'tpsLimit messages a second (A596) would finish, sending only 08:00-20:50.',
    response: BroadcastEstimate,
    errors: ['A340', 'A593', 'A596'],
    example: { estimatedFinishedAt: '2026-11-23T11:00:04', duration: 4 },
  },
};
