import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { demoExamples } from './demo-lines.ts';
import { DemoAccount } from './demo-schemas.ts';

/*
 * What the OpenAPI document says of POST /admin/v1/demo beyond its schema. The example's lines are
 * made by the same code as a real answer's (demo-lines.ts), for a gateway at 127.0.0.1:8080 that
 * keeps its admin token in ./data. Loaded with the document, not at start.
 */

const API_KEY = 'og_tl8Rr1aMMJAsBGotZrzvQNWgS4yU9cGHjeVw8h3a22w';
const setup = {
  baseUrl: 'http://127.0.0.1:8080',
  apiKey: API_KEY,
  sender: '0212345678',
  senderKey: 'omnigate-demo',
  templateCode: 'OMNIGATE-DEMO',
  brandKey: 'omnigate-demo',
  fileKey: 'omnigate-demo',
  handset: '01012345678',
  adminToken: '$(cat /srv/omnigate/data/admin-token)',
};

export const demoDocs: RouteDocs = {
  createDemo: {
    description:
      'The first hour in one call (also `omnigate demo`, and the console\'s "Create demo account"): an ' +
      'account named demo with the sender number 0212345678, the sender profile omnigate-demo with the ' +
      'informational template OMNIGATE-DEMO approved by the sandbox reviewer, the RCS brand omnigate-demo ' +
      'and a new API key (shown only here), and the curl lines of a first send of each channel (SMS, LMS, ' +
      'MMS with its upload, infomsg, RCS, brand message) to the sandbox handset 01012345678, of its inbox and ' +
      'of the reports. Called again, it reuses what the first call made (`reused: true`) and answers ' +
      'another new key; the earlier keys keep working. The lines call the address this request reached ' +
      "(its Host header and scheme; behind a trusted proxy, the visitor's), and read the admin token from " +
      'the data folder, or from $OMNIGATE_ADMIN_TOKEN when the gateway takes it from there. Sandbox only: ' +
      'A824 when OMNIGATE_SANDBOX is off; A824 also when another account already holds the sender profile or ' +
      'the RCS brand the demo names. Takes no body.',
    response: DemoAccount,
    errors: ['A824'],
    example: {
      accountId: 'acc_0mwwtc7s500014d356f40',
      name: 'demo',
      reused: false,
      apiKey: API_KEY,
      keyId: 'key_0mwwtc7s500004d356f40',
      sender: setup.sender,
      senderKey: setup.senderKey,
      templateCode: setup.templateCode,
      brandKey: setup.brandKey,
      handset: setup.handset,
      baseUrl: setup.baseUrl,
      examples: demoExamples(setup),
    },
  },
};
