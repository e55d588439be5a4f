/*
 * The request samples of the API specification, as a client of the hosted service sends them:
 * literal JSON text, numbers where the specification has numbers written as digit strings
 * (as such clients do), phone numbers as strings. The specification writes its samples with
 * placeholders (`<phone_number>`); these fixtures keep that style and fill() puts in the values
 * of the test's account, so the JSON itself is never rebuilt from objects.
 *
 * Each sample is named after the operation of the specification it belongs to.
 */

/** The placeholders a sample may hold, filled per test. */
export interface SampleValues {
  phone_number: string;
  sender_number: string;
  sender_key: string;
  brand_key: string;
  template_code: string;
  [name: string]: string;
}

/** The sample with its placeholders filled; a placeholder left without a value is a test bug. */
export function fill(sample: string, values: Partial<SampleValues>): string {
  const out = sample.replace(/<([a-z0-9_]+)>/g, (whole, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`sample placeholder ${whole} has no value`);
    return v;
  });
  // Still JSON: a fixture that does not parse would test the parser, not the gateway.
  JSON.parse(out);
  return out;
}

// ---- send (POST /api/comm/v1/send/omni) ----

/** SMS to one recipient with every request-level field of the send table. */
export const SEND_SMS = `{
  "destinations": [
    { "to": "<phone_number>", "replaceWords": { "name": "홍길동" }, "ref": "dest-ref-1" }
  ],
  "messageFlow": [
    { "sms": { "from": "<sender_number>", "text": "#{name}님, 주문이 접수되었습니다.", "originCID": "123456789" } }
  ],
  "paymentCode": "PAY-001",
  "groupKey": "compat-group",
  "idempotencyKey": "<idempotency_key>",
  "idempotencyTtl": "3600",
  "ref": "request-ref-1"
}`;

/** The failover sample whose LMS uses `subject` for its title, then an SMS. */
export const SEND_MMS_SUBJECT = `{
  "destinations": [ { "to": "<phone_number>", "replaceWords": { "name": "홍길동" } } ],
  "messageFlow": [
    { "mms": { "from": "<sender_number>", "subject": "#{name}님 안내", "text": "긴 본문입니다. 주문하신 상품이 발송되었습니다.", "originCID": "123456789" } },
    { "sms": { "from": "<sender_number>", "text": "상품이 발송되었습니다." } }
  ],
  "ref": "mms-subject"
}`;

/** An MMS with an uploaded image (`fileKey` from POST /api/comm/v1/file/mms). */
export const SEND_MMS_IMAGE = `{
  "destinations": [ { "to": "<phone_number>" } ],
  "messageFlow": [
    { "mms": { "from": "<sender_number>", "title": "사진 안내", "text": "사진을 확인하세요.", "fileKey": ["<file_key>"] } }
  ]
}`;

/** The failover sample whose RCS step carries serviceType, msgType and content.description. */
export const SEND_RCS_FAILOVER = `{
  "destinations": [ { "to": "<phone_number>", "ref": "rcs-dest" } ],
  "messageFlow": [
    { "rcs": { "from": "<sender_number>", "brandKey": "<brand_key>", "serviceType": "RCS", "msgType": "RS", "content": { "description": "RCS 본문입니다." }, "expiryOption": "1" } },
    { "sms": { "from": "<sender_number>", "text": "RCS 대체 문자입니다." } }
  ],
  "ref": "rcs-failover"
}`;

/** RCS with the fields of the rcs table: formatId and body. */
export const SEND_RCS_BODY = `{
  "destinations": [ { "to": "<phone_number>" } ],
  "messageFlow": [
    { "rcs": { "from": "<sender_number>", "formatId": "SL000000", "brandKey": "<brand_key>", "body": { "title": "RCS 제목", "description": "RCS 긴 본문입니다." }, "expiryOption": "2" } }
  ]
}`;

/** Informational template message, polling response method, timeout as a digit string. */
export const SEND_INFOMSG = `{
  "destinations": [ { "to": "<phone_number>", "replaceWords": { "name": "홍길동", "order": "A-1001" } } ],
  "messageFlow": [
    { "infomsg": { "msgType": "AT", "senderKey": "<sender_key>", "templateCode": "<template_code>", "text": "#{name}님, 주문 #{order}이 완료되었습니다.", "attachment": { "button": [ { "type": "WL", "name": "주문 확인", "urlMobile": "https://shop.example/o", "urlPc": "https://shop.example/o" } ] }, "responseMethod": "polling", "timeout": "600" } },
    { "sms": { "from": "<sender_number>", "text": "주문이 완료되었습니다." } }
  ]
}`;

/** Informational message by automatic template substitution (sendType template, no payload). */
export const SEND_INFOMSG_TEMPLATE = `{
  "destinations": [ { "to": "<phone_number>", "replaceWords": { "name": "홍길동", "order": "A-1002" } } ],
  "messageFlow": [
    { "infomsg": { "sendType": "template", "msgType": "AT", "senderKey": "<sender_key>", "templateCode": "<template_code>", "responseMethod": "push" } }
  ]
}`;

/** A free-form brand message whose body is in `text`. */
export const SEND_BRAND_FREE_TEXT = `{
  "destinations": [ { "to": "<phone_number>", "replaceWords": { "name": "홍길동" } } ],
  "messageFlow": [
    { "brandmessage": { "sendType": "free", "msgType": "FT", "senderKey": "<sender_key>", "text": "#{name}님, 이번 주 혜택을 확인하세요.", "targeting": "I", "pushAlarm": "Y", "originCID": "123456789", "unsubscribePhoneNumber": "0801234567", "unsubscribeAuthNumber": "1234", "discountRate": null } }
  ]
}`;

/** The same with the body in `content`, as the brandmessage table names it. */
export const SEND_BRAND_FREE_CONTENT = `{
  "destinations": [ { "to": "<phone_number>" } ],
  "messageFlow": [
    { "brandmessage": { "sendType": "free", "msgType": "FT", "senderKey": "<sender_key>", "content": "이번 주 혜택을 확인하세요.", "targeting": "I", "pushAlarm": "Y", "discountRate": "10", "responseMethod": "polling", "timeout": "180" } }
  ]
}`;

/** A basic brand message by variable separation (messageVariable on the destination). */
export const SEND_BRAND_BASIC = `{
  "destinations": [ { "to": "<phone_number>", "messageVariable": { "name": "홍길동" } } ],
  "messageFlow": [
    { "brandmessage": { "sendType": "basic", "msgType": "TEXT", "senderKey": "<sender_key>", "templateCode": "<template_code>", "targeting": "I", "pushAlarm": "Y", "discount_rate": null } }
  ]
}`;

/** A brand message by automatic template substitution. */
export const SEND_BRAND_TEMPLATE = `{
  "destinations": [ { "to": "<phone_number>", "replaceWords": { "name": "홍길동" } } ],
  "messageFlow": [
    { "brandmessage": { "sendType": "template", "msgType": "TEXT", "senderKey": "<sender_key>", "templateCode": "<template_code>" } }
  ]
}`;

// ---- reservation (POST /api/comm/v1/reservation) ----

export const RESERVATION = `{
  "destinations": [
    { "to": "<phone_number>", "replaceWords": { "name": "홍길동" }, "ref": "resv-dest" },
    { "to": "<phone_number_2>" }
  ],
  "messageFlow": [ { "sms": { "from": "<sender_number>", "text": "#{name}님, 예약 안내입니다." } } ],
  "resvSendTime": "<resv_send_time>",
  "resvName": "compat reservation",
  "paymentCode": "PAY-001",
  "ref": "resv-ref"
}`;

export const RESERVATION_ADD_DESTINATIONS = `{
  "destinations": [ { "to": "<phone_number>", "replaceWords": { "name": "김철수" } } ]
}`;

// ---- informational templates ----

export const INFOMSG_TEMPLATE_REGISTER = `{
  "infomsg": {
    "senderKey": "<sender_key>",
    "templateName": "배송 안내",
    "templateCode": "<template_code>",
    "templateMessageType": "BA",
    "templateEmphasizeType": "NONE",
    "text": "주문하신 상품이 발송되었습니다.",
    "categoryCode": "002001"
  }
}`;

export const INFOMSG_TEMPLATE_UPDATE = `{
  "infomsg": {
    "senderKey": "<sender_key>",
    "templateName": "배송 안내 (수정)",
    "templateCode": "<template_code>",
    "templateMessageType": "BA",
    "templateEmphasizeType": "NONE",
    "text": "주문하신 상품이 오늘 발송되었습니다.",
    "categoryCode": "002001"
  }
}`;

export const INFOMSG_REVIEW_REQUEST = `{
  "infomsg": { "senderKey": "<sender_key>", "templateCode": "<template_code>", "comment": "검수 부탁드립니다." }
}`;

export const INFOMSG_REVIEW_CANCEL = `{
  "infomsg": { "senderKey": "<sender_key>", "templateCode": "<template_code>" }
}`;

// ---- brand message templates ----

export const BRAND_TEMPLATE_REGISTER = `{
  "brandmessage": {
    "senderKey": "<sender_key>",
    "senderKeyType": "S",
    "sendType": "basic",
    "templateCode": "<template_code>",
    "templateName": "가을 세일",
    "msgType": "TEXT",
    "text": "가을 세일이 시작됩니다.",
    "pushAlarm": "Y"
  }
}`;

export const BRAND_TEMPLATE_UPDATE = `{
  "brandmessage": {
    "senderKey": "<sender_key>",
    "senderKeyType": "S",
    "templateCode": "<template_code>",
    "templateName": "가을 세일 (연장)",
    "msgType": "TEXT",
    "text": "가을 세일이 연장되었습니다.",
    "pushAlarm": "N"
  }
}`;

// ---- brand message broadcast, friend groups, group tags, permission, video ----

export const FRIEND_GROUP = `{
  "friendGroup": {
    "senderKey": "<sender_key>",
    "friendGroupKey": "<friend_group_key>",
    "phoneNumbers": ["01090000001", "01090000002", "01090000003", "01090000004", "01090000005",
                     "01090000006", "01090000007", "01090000008", "01090000009", "01090000010"]
  }
}`;

export const BROADCAST = `{
  "brandmessage": {
    "senderKey": "<sender_key>",
    "templateCode": "<template_code>",
    "friendGroupKey": "<friend_group_key>",
    "sendStartAt": "<send_start_at>",
    "campaignId": "autumn-2026",
    "tpsLimit": "100",
    "pushAlarm": "Y"
  },
  "paymentCode": "PAY-001"
}`;

/** resume, pause and terminate share this body; requestId comes as a digit string. */
export const BROADCAST_ACTION = `{
  "brandmessage": { "senderKey": "<sender_key>", "requestId": "<request_id>" }
}`;

export const FRIEND_POSSIBLE = `{
  "senderKey": "<sender_key>",
  "phoneNumbers": ["01090000001", "01090000002", "01090000003", "01090000004", "01090000005",
                   "01090000006", "01090000007", "01090000008", "01090000009", "01090000010"]
}`;

export const GROUP_TAG = `{
  "groupTag": { "senderKey": "<sender_key>", "groupTagKey": "vip", "groupTagName": "VIP 고객" }
}`;

export const GROUP_TAG_UPDATE = `{
  "groupTag": { "senderKey": "<sender_key>", "groupTagKey": "vip", "groupTagName": "VVIP 고객" }
}`;

export const SEND_PERMISSION = `{
  "brandMessage": { "senderKey": "<sender_key>" }
}`;

export const VIDEO_UPLOAD_REGISTER = `{
  "senderKey": "<sender_key>",
  "fileName": "autumn.mp4",
  "fileSize": "1048576"
}`;

export const VIDEO_REGISTER = `{
  "senderKey": "<sender_key>",
  "vid": "<vid>"
}`;

/** Both vid and videoUrl: the specification's A502. */
export const VIDEO_REGISTER_BOTH = `{
  "senderKey": "<sender_key>",
  "vid": "<vid>",
  "videoUrl": "https://channel.example/ch/videos/<vid>"
}`;

// ---- two-factor authentication (POST /api/verify/v1/2fa/...) ----

export const TWOFA_SERVICE_REGIST = `{ "serviceName": "옴니샵", "userRef": "user-ref-1" }`;
export const TWOFA_SERVICE = `{ "userRef": "user-ref-2" }`;
export const TWOFA_SERVICE_DELETE = `{ "userRef": "user-ref-3" }`;
export const TWOFA_REQUEST = `{ "to": "<phone_number>", "userRef": "user-ref-4" }`;
export const TWOFA_REQUEST_STATIC = `{ "to": "<phone_number>", "authNumber": "123456", "userRef": "user-ref-5" }`;
export const TWOFA_VERIFY = `{ "authNumber": "<auth_number>", "to": "<phone_number>", "requestId": "<request_id>", "userRef": "user-ref-6" }`;
export const TWOFA_LOGS = `{ "requestDate": "<request_date>", "requestId": "<request_id>", "userRef": "user-ref-7" }`;

/** RCS card with an image: `body.media` from POST /api/comm/v1/file/rcs. */
export const SEND_RCS_MEDIA = `{
  "destinations": [ { "to": "<phone_number>" } ],
  "messageFlow": [
    { "rcs": { "from": "<sender_number>", "formatId": "SMwThM00", "brandKey": "<brand_key>", "body": { "title": "신상품", "description": "가을 신상품을 만나보세요.", "media": "<media>" } } }
  ]
}`;

/** The friend group of a number-list file (`fileKey` from POST .../friendGroup/file). */
export const FRIEND_GROUP_FILE = `{
  "friendGroup": { "senderKey": "<sender_key>", "friendGroupKey": "<friend_group_key>", "fileKey": "<file_key>" }
}`;

/** The `regBrand` form field of PUT /api/comm/v1/center/rcs/brand. */
export const RCS_REG_BRAND = `{
  "name": "옴니 브랜드", "description": "옴니게이트 공식 브랜드", "tel": "0212345678", "webSiteUrl": "https://omni.example"
}`;
