/**
 * The result-code catalog: every code the gateway answers with, its text and its HTTP status.
 * docs/errors.md lists the same rows; test/errors.test.ts fails when the two drift apart.
 */
export const CODES = {
  A000: { status: 200, text: 'SUCCESS' },
  A010: { status: 400, text: 'Request body is not valid JSON' },
  A020: { status: 429, text: 'Rate limit exceeded' },
  A210: { status: 400, text: 'No file: the form-data part file is required' },
  A211: { status: 400, text: 'File is not a JPEG image' },
  A212: { status: 400, text: 'File is too large' },
  A213: { status: 400, text: 'Invalid fileKey: 1 to 64 characters of A-Z a-z 0-9 . _ -' },
  A214: { status: 400, text: 'fileKey is in use for another kind of file' },
  A215: { status: 400, text: 'Image dimensions are too large' },
  A217: { status: 400, text: 'fileKey is unknown or expired' },
  // uploads (issue 5): A218-A239
  A218: { status: 400, text: 'Unsupported image format' },
  A219: { status: 400, text: 'File name extension does not match the image content' },
  A220: { status: 400, text: 'Image is too small' },
  A221: { status: 400, text: 'Image aspect ratio is not allowed' },
  A222: { status: 400, text: 'Image data does not hold the picture its header declares' },
  // end uploads
  A300: { status: 400, text: 'Invalid request' },
  A301: { status: 200, text: 'Duplicate request: idempotency key already used' },
  A302: { status: 400, text: 'Invalid sender number (from)' },
  A303: { status: 400, text: 'Invalid text' },
  A304: { status: 400, text: 'Invalid ttl' },
  A305: { status: 400, text: 'Invalid ref' },
  A306: { status: 400, text: 'Invalid recipient number (to)' },
  A307: { status: 400, text: 'No destination' },
  A308: { status: 400, text: 'idempotencyKey is empty or longer than 200 characters' },
  A309: { status: 400, text: 'idempotencyTtl is outside 0 to 86400 seconds' },
  A310: { status: 400, text: 'Invalid messageFlow entry' },
  A311: { status: 400, text: 'Invalid responseMethod or timeout' },
  A312: { status: 400, text: 'Invalid button' },
  A313: { status: 400, text: 'Invalid discountRate' },
  A314: { status: 400, text: 'Invalid originCID' },
  A315: { status: 400, text: 'Invalid resvSendTime: expected yyyy-MM-dd HH:mm:ss' },
  A316: { status: 400, text: 'resvSendTime must be at least 10 minutes ahead' },
  A317: { status: 400, text: 'Invalid targeting' },
  A318: { status: 400, text: 'Too many destinations: at most 200 per request' },
  A319: { status: 400, text: 'Too many fileKeys: 1 to 3 per message' },
  A320: { status: 400, text: 'Invalid RCS formatId' },
  A321: { status: 400, text: 'Invalid sendType' },
  A322: { status: 400, text: 'Blocked by spam filter: text' },
  A323: { status: 400, text: 'Blocked by spam filter: sender number' },
  A324: { status: 400, text: 'Blocked by spam filter: recipient number' },
  A325: { status: 403, text: 'No send permission for this channel' },
  A326: { status: 400, text: 'senderKey is not a registered sender profile' },
  A327: { status: 400, text: 'Sender number is not registered' },
  A328: { status: 400, text: 'Text is too long' },
  A329: { status: 400, text: 'brandKey is not a registered RCS brand' },
  A330: { status: 400, text: 'Advertising messages cannot be reserved for 20:00 to 08:00 KST' },
  A331: { status: 400, text: 'resvSendTime must be at most 1 year ahead' },
  A332: { status: 400, text: 'resvName is longer than 100 characters' },
  // template sends (issue 5): A333-A339
  A333: { status: 400, text: "Text exceeds the public template's character count" },
  A334: { status: 400, text: 'Text does not match the template' },
  A335: { status: 400, text: 'A template variable has no value' },
  // end template sends
  A401: { status: 401, text: 'Unauthorized' },
  A403: { status: 403, text: 'Forbidden: the console session needs its X-CSRF-Token header' },
  A404: { status: 404, text: 'No such path' },
  A413: { status: 413, text: 'Request body too large' },
  A415: { status: 415, text: 'Unsupported content type' },
  A502: { status: 400, text: 'Exactly one of vid or videoUrl is required' },
  A505: { status: 400, text: 'Invalid templateCode' },
  // informational templates (issue 5): A506-A522
  A506: { status: 400, text: 'Invalid templateName' },
  A507: { status: 400, text: 'Template text is empty or longer than 1000 characters' },
  A508: { status: 400, text: 'Too many template variables: at most 40' },
  A509: { status: 400, text: 'A template variable has no example text' },
  A510: { status: 400, text: 'Variables are not allowed in button names or the preview' },
  A511: { status: 400, text: 'Invalid variables entry' },
  A512: { status: 400, text: 'Unknown categoryCode' },
  A513: { status: 409, text: 'templateCode is already registered for this senderKey' },
  A514: { status: 400, text: 'Invalid templateMessageType' },
  A515: { status: 400, text: 'Invalid templateEmphasizeType' },
  A516: { status: 400, text: 'Emphasis fields do not match templateEmphasizeType' },
  A517: { status: 400, text: 'Extra information does not match templateMessageType' },
  A518: { status: 400, text: 'Invalid template image' },
  A519: { status: 409, text: 'Field cannot be changed in the current review status' },
  A520: { status: 400, text: 'Review attachment must be png, jpg, jpeg, gif, pdf, hwp, doc or docx' },
  A521: { status: 400, text: 'Review comment is longer than 500 characters' },
  A522: { status: 400, text: 'Invalid template field' },
  // end informational templates
  A523: { status: 400, text: 'Invalid msgType' },
  // brand message templates (issue 5): A530-A549
  A530: { status: 400, text: 'Invalid templateName' },
  A531: { status: 409, text: 'templateCode is already registered for this senderKey' },
  A532: { status: 400, text: 'Invalid template text' },
  A533: { status: 400, text: 'Invalid image' },
  A534: { status: 400, text: 'imgUrl is not an image uploaded to this gateway by this account' },
  A535: { status: 400, text: 'Image ratio is not allowed here' },
  A536: { status: 400, text: 'Invalid coupon' },
  A537: { status: 400, text: 'Invalid commerce' },
  A538: { status: 400, text: 'Invalid items' },
  A539: { status: 400, text: 'Invalid carousel' },
  A540: { status: 400, text: 'Invalid header' },
  A541: { status: 400, text: 'Invalid pushAlarm or adult: Y or N' },
  A542: { status: 400, text: 'Invalid senderKeyType' },
  A543: { status: 400, text: 'Too many variables: at most 40' },
  A544: { status: 400, text: 'Invalid video' },
  A545: { status: 400, text: 'Not allowed for this msgType' },
  A546: { status: 400, text: 'Invalid additionalContent' },
  // end brand message templates
  // friend groups, group tags, audience (issue 6): A550-A569
  A550: { status: 400, text: 'Invalid friendGroupKey: 1 to 50 characters of A-Z a-z 0-9 . _ -' },
  A551: { status: 409, text: 'friendGroupKey is already registered for this senderKey' },
  A552: { status: 404, text: 'No such friend group' },
  A553: { status: 400, text: 'Malformed phone number' },
  A554: { status: 400, text: 'Exactly one of fileKey or phoneNumbers is required' },
  A555: { status: 400, text: 'Too many phone numbers' },
  A556: { status: 400, text: 'No phone numbers' },
  A557: { status: 400, text: 'Phone number file is not a UTF-8 text list' },
  A558: { status: 409, text: 'Friend group is not completed' },
  A559: { status: 400, text: 'At least 10 phone numbers are required' },
  A560: { status: 400, text: 'Invalid groupTagKey: 1 to 50 characters of A-Z a-z 0-9 . _ -' },
  A561: { status: 400, text: 'Invalid groupTagName: 1 to 50 characters, not blank' },
  A562: { status: 409, text: 'groupTagKey is already registered for this senderKey' },
  A563: { status: 409, text: 'groupTagName is already used for this senderKey' },
  A564: { status: 404, text: 'No such group tag' },
  A565: { status: 409, text: 'Too many group tags: at most 100 per senderKey' },
  // end friend groups
  // videos and send permission (issue 6): A570-A589
  A570: { status: 404, text: 'No such video' },
  A571: { status: 400, text: 'Unsupported video format' },
  A572: { status: 400, text: 'Video file is too large' },
  A573: { status: 400, text: 'Uploaded file size does not match the registered fileSize' },
  A574: { status: 400, text: 'Invalid videoUrl' },
  A575: { status: 400, text: 'Video is not on the channel of this senderKey' },
  A576: { status: 401, text: 'Upload token is missing or wrong' },
  A577: { status: 401, text: 'Upload address and token have expired: register the upload again' },
  A578: { status: 409, text: 'Video is not waiting for its upload' },
  A579: { status: 409, text: 'Only a PUBLIC or PRIVATE video can be registered' },
  A580: { status: 400, text: 'Invalid fileName' },
  A581: { status: 409, text: 'Send permission needs a business-verified channel' },
  A582: { status: 409, text: 'Send permission needs a registered channel phone number' },
  A583: { status: 409, text: 'Send permission needs at least 50,000 friends' },
  A584: { status: 409, text: 'Send permission needs uploaded consent evidence' },
  A585: { status: 409, text: 'Send permission needs an informational message sent in the last 3 months' },
  // end videos
  // broadcasts (issue 6): A590-A599
  A590: { status: 400, text: 'A broadcast needs a template without variables' },
  A591: { status: 400, text: 'friendGroupKey is not a friend group of this profile' },
  A592: { status: 400, text: 'Friend group is not completed or has fewer than 10 users' },
  A593: { status: 400, text: 'Invalid time: not in the expected format' },
  A594: { status: 400, text: 'sendStartAt must be at least 10 minutes ahead' },
  A595: { status: 400, text: 'sendStartAt must be inside 08:00 to 20:50 (Korea time)' },
  A596: { status: 400, text: 'Invalid tpsLimit' },
  A597: { status: 400, text: 'Invalid pushAlarm: Y or N' },
  A598: { status: 400, text: 'The broadcast has no recipients' },
  // end broadcasts
  // RCS center (issue 5): A600-A619
  A600: { status: 404, text: 'No such RCS common message format' },
  A601: { status: 404, text: 'brandId is not an RCS brand of this account' },
  A602: { status: 404, text: 'No such RCS image' },
  A603: { status: 400, text: 'regBrand must be a JSON object' },
  A604: { status: 400, text: 'Invalid brand name' },
  A605: { status: 400, text: 'Invalid brand description' },
  A606: { status: 400, text: 'Invalid brand tel' },
  A607: { status: 400, text: 'Invalid brand webSiteUrl' },
  A608: { status: 400, text: 'Image is not a JPEG or PNG image' },
  A609: { status: 400, text: 'Image dimensions are outside the accepted range' },
  A610: { status: 400, text: 'Document is not a PDF, JPEG or PNG file' },
  // end RCS center
  // two-factor authentication (issue 7): A700-A729
  A700: { status: 400, text: 'Invalid serviceName' },
  A701: { status: 400, text: 'Invalid authNumber: expected 6 digits' },
  A702: { status: 400, text: 'Invalid requestDate: expected yyyyMMdd' },
  A703: { status: 409, text: 'No registered sender number to send the verification code from' },
  A704: { status: 429, text: 'Too many verification requests: at most 5 per number within 3 minutes' },
  A705: { status: 404, text: 'No such verification request' },
  A706: { status: 400, text: 'Wrong verification code' },
  A707: { status: 409, text: 'Verification code has expired' },
  A708: { status: 409, text: 'Verification code was already used' },
  A709: { status: 409, text: 'Verification request is locked after too many wrong codes' },
  // end two-factor authentication
  // MO messages (issue 7): A730-A749
  A730: { status: 404, text: 'No account has registered the MO number (to)' },
  A731: { status: 400, text: 'Invalid MO message field' },
  A732: { status: 404, text: 'No such MO message' },
  A733: { status: 409, text: 'MO message was already acknowledged by the webhook' },
  A734: { status: 400, text: 'Invalid MO list filter' },
  // end MO messages
  // Outbound policy (issue 30): A750-A759
  A750: { status: 400, text: 'Webhook destination refused by the outbound policy' },
  // end outbound policy
  A820: { status: 404, text: 'Not found' },
  A824: { status: 409, text: 'Not allowed in the current state' },
  A910: { status: 500, text: 'Internal error' },
  A911: { status: 503, text: 'Storage is full: nothing can be written until space is freed' },
} as const satisfies Record<string, { status: number; text: string }>;

export type Code = keyof typeof CODES;

/**
 * The codes of the hosted service's gateway stage (authentication, permission, the request's
 * form): on the client API they are answered in `common.authCode`, with no data section, as the
 * hosted service answers them (its table gives the same codes other meanings in `data.code`).
 */
export const GATEWAY_CODES: ReadonlySet<Code> = new Set<Code>(['A401', 'A403', 'A404', 'A413', 'A415']);

export function isCode(value: string): value is Code {
  return Object.hasOwn(CODES, value);
}

/**
 * A coded domain error. Use cases throw it; the HTTP error handler maps it to the envelope and
 * the CLI prints it. `detail` names what was wrong (the field, the value's rule).
 */
export class GatewayError extends Error {
  readonly code: Code;
  readonly detail: string | undefined;
  constructor(code: Code, detail?: string) {
    super(detail ? `${CODES[code].text}: ${detail}` : CODES[code].text);
    this.name = 'GatewayError';
    this.code = code;
    this.detail = detail;
  }
  get status(): number {
    return CODES[this.code].status;
  }
}

/** The `result` text of a code, with the detail that names the field when there is one. */
export function resultText(code: Code, detail?: string): string {
  return detail ? `${CODES[code].text}: ${detail}` : CODES[code].text;
}
