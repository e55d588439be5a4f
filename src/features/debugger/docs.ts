import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { RefusedDetail, RefusedPage } from './refused-schemas.ts';

/*
 * What the OpenAPI document says of the refused client requests beyond their schemas. The examples
 * are the bodies of real calls against a test gateway on the manual clock (2026-11-25 10:00 Korea
 * time): a send whose one recipient had an invalid number, then a report poll with an unknown key.
 */

const ACCOUNT_ID = 'acc_0mx5mr7g100019af84a81';
const SEND_TR_ID = 'mx5mr7gp0001b1515';

const refusedSend = {
  id: 1,
  at: '2026-11-25T10:00:00+09:00',
  method: 'POST',
  route: '/api/comm/v1/send/omni',
  path: '/api/comm/v1/send/omni',
  status: 200,
  code: 'A306',
  result:
    'every recipient was refused: 1 × A306; first: Invalid recipient number (to): 0105 is not a valid number',
  accountId: ACCOUNT_ID,
  keyId: 'key_0mx5mr7g100009af84a81',
  keyPrefix: 'og_Gd5uSA3',
  clientAddress: '127.0.0.1',
  trId: SEND_TR_ID,
  bodySize: 129,
};

const unknownKey = {
  id: 2,
  at: '2026-11-25T10:00:00+09:00',
  method: 'GET',
  route: '/api/comm/v1/report/polling',
  path: '/api/comm/v1/report/polling',
  status: 401,
  code: 'A401',
  result: 'Unauthorized: unknown API key',
  accountId: null,
  keyId: null,
  keyPrefix: 'og_x3Zk9aQ',
  clientAddress: '127.0.0.1',
  trId: 'mx5mr7gu0001b1515',
  bodySize: null,
};

export const debuggerDocs: RouteDocs = {
  listRefusedRequests: {
    description:
      'Client API calls answered 4xx (A401 unknown key, A010 bad JSON, A413 too large, A306, A318, ...) and ' +
      'sends answered 200 whose every recipient was refused, newest first, kept OMNIGATE_RETENTION_REFUSED_HOURS ' +
      '(default 24): code and text answered, route, account and key (its id and first 10 characters, never the ' +
      'key), client address, trId. Each instance records at most OMNIGATE_REFUSED_PER_SECOND a second (the rest ' +
      'are counted in omnigate_refused_requests_total). By accountId and code; status and from/until are checked ' +
      'on at most 5000 rows a call (follow `next`; `searchedUntil` says how far the call looked). A300 for a bad ' +
      'time, from after until, or a cursor that is not an earlier `next`.',
    response: RefusedPage,
    errors: [],
    paging: 'cursor',
    example: { requests: [unknownKey, refusedSend], next: null, searchedUntil: null, keptHours: 24 },
  },
  getRefusedRequest: {
    description:
      'One refused client request whole: the body as the gateway parsed it (2FA codes and credentials masked as ' +
      '******, at most 16 KB, marked truncated beyond; the text of a body that was not JSON; never the ' +
      'Authorization header), its user agent and media type, and the answer as sent. A820 when unknown (or ' +
      'purged).',
    response: RefusedDetail,
    errors: ['A820'],
    example: {
      ...refusedSend,
      userAgent: 'lightMyRequest',
      contentType: 'application/json',
      body: '{"destinations":[{"to":"0105"}],"messageFlow":[{"sms":{"from":"0212345678","text":"주문하신 상품이 출발했습니다"}}]}',
      bodyFormat: 'json',
      bodyTruncated: false,
      bodyNote: null,
      answer: `{"common":{"authCode":"A000","authResult":"SUCCESS","providerTrId":"${SEND_TR_ID}"},"data":{"code":"A000","result":"SUCCESS","data":{"destinations":[{"to":"0105","msgKey":"","code":"A306","result":"Invalid recipient number (to): 0105 is not a valid number"}]},"ref":""}}`,
      answerTruncated: false,
    },
  },
};
