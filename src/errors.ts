/**
 * Where a code's number and meaning come from: the spec fixes it (`spec`); the hosted service's
 * code table gives it this meaning (`hosted`: the same number a client of the hosted service
 * already knows); or Omnigate chose a number the hosted table does not use (`omnigate`), so a
 * client that explains codes by that table is never misled. test/errors.test.ts holds every code
 * against the table (test/compat/hosted-codes.ts), in the container it is answered in.
 */
export type CodeSource = 'spec' | 'hosted' | 'omnigate';

/**
 * The result-code catalog: every code the gateway answers with, its text, its HTTP status and
 * where it comes from. docs/errors.md lists the same rows (`npm run docs:errors` writes its table);
 * test/errors.test.ts fails when the two drift apart.
 */
export const CODES = {
  A000: { status: 200, text: 'SUCCESS', from: 'spec' },
  A010: { status: 400, text: 'Request body is not valid JSON', from: 'hosted' },
  A020: { status: 429, text: 'Rate limit exceeded', from: 'hosted' },
  A203: { status: 400, text: 'Image dimensions are too large', from: 'hosted' },
  A210: { status: 400, text: 'No file: the form-data part file is required', from: 'omnigate' },
  A211: { status: 400, text: 'File is not a JPEG image', from: 'omnigate' },
  A212: { status: 400, text: 'File is too large', from: 'omnigate' },
  A217: { status: 400, text: 'fileKey is unknown or expired', from: 'hosted' },
  A218: { status: 400, text: 'Unsupported image format', from: 'omnigate' },
  A221: { status: 400, text: 'Image aspect ratio is not allowed', from: 'omnigate' },
  A222: { status: 400, text: 'Image data does not hold the picture its header declares', from: 'omnigate' },
  A223: { status: 400, text: 'Invalid fileKey: 1 to 64 characters of A-Z a-z 0-9 . _ -', from: 'omnigate' },
  A224: { status: 400, text: 'fileKey is in use for another kind of file', from: 'omnigate' },
  A225: { status: 400, text: 'File name extension does not match the image content', from: 'omnigate' },
  A226: { status: 400, text: 'Image is too small', from: 'omnigate' },
  A300: { status: 400, text: 'Invalid request', from: 'hosted' },
  A301: { status: 200, text: 'Duplicate request: idempotency key already used', from: 'hosted' },
  A302: { status: 400, text: 'Invalid sender number (from)', from: 'hosted' },
  A303: { status: 400, text: 'Invalid text', from: 'hosted' },
  A305: { status: 400, text: 'Invalid ref', from: 'hosted' },
  A306: { status: 400, text: 'Invalid recipient number (to)', from: 'hosted' },
  A307: { status: 400, text: 'No destination', from: 'hosted' },
  A308: { status: 400, text: 'idempotencyKey is empty or longer than 200 characters', from: 'hosted' },
  A309: { status: 400, text: 'idempotencyTtl is outside 0 to 86400 seconds', from: 'hosted' },
  A310: { status: 400, text: 'paymentCode is longer than 100 characters', from: 'hosted' },
  A311: { status: 400, text: 'groupKey is longer than 100 characters', from: 'hosted' },
  A315: { status: 400, text: 'Invalid resvSendTime: expected yyyy-MM-dd HH:mm:ss', from: 'hosted' },
  A316: { status: 400, text: 'resvSendTime must be at least 10 minutes ahead', from: 'hosted' },
  A318: { status: 400, text: 'Too many destinations: at most 200 per request', from: 'hosted' },
  A319: { status: 400, text: 'Too many fileKeys: 1 to 3 per message', from: 'hosted' },
  A322: { status: 400, text: 'Blocked by spam filter: text', from: 'hosted' },
  A323: { status: 400, text: 'Blocked by spam filter: sender number', from: 'hosted' },
  A324: { status: 400, text: 'Blocked by spam filter: recipient number', from: 'hosted' },
  A325: { status: 403, text: 'No send permission for this channel', from: 'hosted' },
  A327: { status: 400, text: 'Sender number is not registered', from: 'hosted' },
  A328: { status: 400, text: 'Text is too long', from: 'hosted' },
  A330: {
    status: 400,
    text: 'Advertising messages cannot be reserved for 20:00 to 08:00 KST',
    from: 'hosted',
  },
  A331: { status: 400, text: 'resvSendTime must be at most 1 year ahead', from: 'hosted' },
  A332: { status: 400, text: 'resvName is longer than 100 characters', from: 'hosted' },
  A333: { status: 400, text: "Text exceeds the public template's character count", from: 'omnigate' },
  A334: { status: 400, text: 'Text does not match the template', from: 'omnigate' },
  A335: { status: 400, text: 'A template variable has no value', from: 'omnigate' },
  A336: { status: 400, text: 'Invalid messageFlow entry', from: 'omnigate' },
  A337: { status: 400, text: 'Invalid discountRate', from: 'omnigate' },
  A338: { status: 400, text: 'Invalid originCID', from: 'omnigate' },
  A339: { status: 400, text: 'Invalid RCS formatId', from: 'omnigate' },
  A340: { status: 400, text: 'senderKey is not a registered sender profile', from: 'omnigate' },
  A401: { status: 401, text: 'Unauthorized', from: 'hosted' },
  A403: { status: 403, text: 'Forbidden: the console session needs its X-CSRF-Token header', from: 'hosted' },
  A404: { status: 404, text: 'No such path', from: 'hosted' },
  A413: { status: 413, text: 'Request body too large', from: 'hosted' },
  A415: { status: 415, text: 'Unsupported content type', from: 'hosted' },
  A420: { status: 400, text: 'brandKey is not a registered RCS brand', from: 'hosted' },
  A501: { status: 400, text: 'Invalid responseMethod', from: 'hosted' },
  A502: { status: 400, text: 'Exactly one of vid or videoUrl is required', from: 'spec' },
  A503: { status: 400, text: 'Invalid button', from: 'hosted' },
  A505: { status: 400, text: 'Invalid templateCode', from: 'hosted' },
  A507: { status: 400, text: 'Template text is empty or longer than 1000 characters', from: 'omnigate' },
  A508: { status: 400, text: 'Too many template variables: at most 40', from: 'omnigate' },
  A509: { status: 400, text: 'A template variable has no example text', from: 'omnigate' },
  A510: { status: 400, text: 'Variables are not allowed in button names or the preview', from: 'omnigate' },
  A511: { status: 400, text: 'Invalid variables entry', from: 'omnigate' },
  A512: { status: 400, text: 'Unknown categoryCode', from: 'omnigate' },
  A514: { status: 400, text: 'Invalid templateMessageType', from: 'omnigate' },
  A515: { status: 400, text: 'Invalid templateEmphasizeType', from: 'omnigate' },
  A516: { status: 400, text: 'Emphasis fields do not match templateEmphasizeType', from: 'omnigate' },
  A517: { status: 400, text: 'Extra information does not match templateMessageType', from: 'omnigate' },
  A518: { status: 400, text: 'Invalid template image', from: 'omnigate' },
  A519: { status: 409, text: 'Field cannot be changed in the current review status', from: 'omnigate' },
  A520: {
    status: 400,
    text: 'Review attachment must be png, jpg, jpeg, gif, pdf, hwp, doc or docx',
    from: 'omnigate',
  },
  A522: { status: 400, text: 'Invalid template field', from: 'omnigate' },
  A523: { status: 400, text: 'Invalid msgType', from: 'hosted' },
  A526: { status: 400, text: 'Invalid timeout', from: 'hosted' },
  A527: { status: 400, text: 'Invalid templateName', from: 'omnigate' },
  A528: { status: 409, text: 'templateCode is already registered for this senderKey', from: 'omnigate' },
  A529: { status: 400, text: 'Review comment is longer than 500 characters', from: 'omnigate' },
  A530: { status: 400, text: 'Invalid templateName', from: 'omnigate' },
  A531: { status: 409, text: 'templateCode is already registered for this senderKey', from: 'omnigate' },
  A532: { status: 400, text: 'Invalid template text', from: 'omnigate' },
  A533: { status: 400, text: 'Invalid image', from: 'omnigate' },
  A534: {
    status: 400,
    text: 'imgUrl is not an image uploaded to this gateway by this account',
    from: 'omnigate',
  },
  A535: { status: 400, text: 'Image ratio is not allowed here', from: 'omnigate' },
  A536: { status: 400, text: 'Invalid coupon', from: 'omnigate' },
  A537: { status: 400, text: 'Invalid commerce', from: 'omnigate' },
  A538: { status: 400, text: 'Invalid items', from: 'omnigate' },
  A539: { status: 400, text: 'Invalid carousel', from: 'omnigate' },
  A540: { status: 400, text: 'Invalid header', from: 'omnigate' },
  A541: { status: 400, text: 'Invalid pushAlarm or adult: Y or N', from: 'omnigate' },
  A542: { status: 400, text: 'Invalid senderKeyType', from: 'omnigate' },
  A543: { status: 400, text: 'Too many variables: at most 40', from: 'omnigate' },
  A544: { status: 400, text: 'Invalid video', from: 'omnigate' },
  A545: { status: 400, text: 'Not allowed for this msgType', from: 'omnigate' },
  A546: { status: 400, text: 'Invalid additionalContent', from: 'omnigate' },
  A550: {
    status: 400,
    text: 'Invalid friendGroupKey: 1 to 50 characters of A-Z a-z 0-9 . _ -',
    from: 'omnigate',
  },
  A551: { status: 409, text: 'friendGroupKey is already registered for this senderKey', from: 'omnigate' },
  A552: { status: 404, text: 'No such friend group', from: 'omnigate' },
  A553: { status: 400, text: 'Malformed phone number', from: 'omnigate' },
  A554: { status: 400, text: 'Exactly one of fileKey or phoneNumbers is required', from: 'omnigate' },
  A555: { status: 400, text: 'Too many phone numbers', from: 'omnigate' },
  A556: { status: 400, text: 'No phone numbers', from: 'omnigate' },
  A557: { status: 400, text: 'Phone number file is not a UTF-8 text list', from: 'omnigate' },
  A558: { status: 409, text: 'Friend group is not completed', from: 'omnigate' },
  A570: { status: 400, text: 'Invalid targeting', from: 'hosted' },
  A571: { status: 400, text: 'Invalid sendType', from: 'hosted' },
  A574: { status: 400, text: 'Invalid videoUrl', from: 'omnigate' },
  A575: { status: 400, text: 'Video is not on the channel of this senderKey', from: 'omnigate' },
  A576: { status: 401, text: 'Upload token is missing or wrong', from: 'omnigate' },
  A577: {
    status: 401,
    text: 'Upload address and token have expired: register the upload again',
    from: 'omnigate',
  },
  A578: { status: 409, text: 'Video is not waiting for its upload', from: 'omnigate' },
  A579: { status: 409, text: 'Only a PUBLIC or PRIVATE video can be registered', from: 'omnigate' },
  A580: { status: 400, text: 'Invalid fileName', from: 'omnigate' },
  A581: { status: 409, text: 'Send permission needs a business-verified channel', from: 'omnigate' },
  A582: { status: 409, text: 'Send permission needs a registered channel phone number', from: 'omnigate' },
  A583: { status: 409, text: 'Send permission needs at least 50,000 friends', from: 'omnigate' },
  A584: { status: 409, text: 'Send permission needs uploaded consent evidence', from: 'omnigate' },
  A585: {
    status: 409,
    text: 'Send permission needs an informational message sent in the last 3 months',
    from: 'omnigate',
  },
  A590: { status: 400, text: 'A broadcast needs a template without variables', from: 'omnigate' },
  A591: { status: 400, text: 'friendGroupKey is not a friend group of this profile', from: 'omnigate' },
  A592: { status: 400, text: 'Friend group is not completed or has fewer than 10 users', from: 'omnigate' },
  A593: { status: 400, text: 'Invalid time: not in the expected format', from: 'omnigate' },
  A594: { status: 400, text: 'sendStartAt must be at least 10 minutes ahead', from: 'omnigate' },
  A595: { status: 400, text: 'sendStartAt must be inside 08:00 to 20:50 (Korea time)', from: 'omnigate' },
  A596: { status: 400, text: 'Invalid tpsLimit', from: 'omnigate' },
  A597: { status: 400, text: 'Invalid pushAlarm: Y or N', from: 'omnigate' },
  A598: { status: 400, text: 'The broadcast has no recipients', from: 'omnigate' },
  A600: { status: 404, text: 'No such RCS common message format', from: 'omnigate' },
  A610: { status: 400, text: 'Document is not a PDF, JPEG or PNG file', from: 'omnigate' },
  A611: { status: 404, text: 'brandId is not an RCS brand of this account', from: 'omnigate' },
  A612: { status: 404, text: 'No such RCS image', from: 'omnigate' },
  A613: { status: 400, text: 'regBrand must be a JSON object', from: 'omnigate' },
  A614: { status: 400, text: 'Invalid brand name', from: 'omnigate' },
  A615: { status: 400, text: 'Invalid brand description', from: 'omnigate' },
  A616: { status: 400, text: 'Invalid brand tel', from: 'omnigate' },
  A617: { status: 400, text: 'Invalid brand webSiteUrl', from: 'omnigate' },
  A618: { status: 400, text: 'Image is not a JPEG or PNG image', from: 'omnigate' },
  A619: { status: 400, text: 'Image dimensions are outside the accepted range', from: 'omnigate' },
  A700: { status: 400, text: 'Invalid serviceName', from: 'omnigate' },
  A701: { status: 400, text: 'Invalid authNumber: expected 6 digits', from: 'omnigate' },
  A702: { status: 400, text: 'Invalid requestDate: expected yyyyMMdd', from: 'omnigate' },
  A703: {
    status: 409,
    text: 'No registered sender number to send the verification code from',
    from: 'omnigate',
  },
  A704: {
    status: 429,
    text: 'Too many verification requests: at most 5 per number within 3 minutes',
    from: 'omnigate',
  },
  A705: { status: 404, text: 'No such verification request', from: 'omnigate' },
  A706: { status: 400, text: 'Wrong verification code', from: 'omnigate' },
  A707: { status: 409, text: 'Verification code has expired', from: 'omnigate' },
  A708: { status: 409, text: 'Verification code was already used', from: 'omnigate' },
  A709: { status: 409, text: 'Verification request is locked after too many wrong codes', from: 'omnigate' },
  A730: { status: 404, text: 'No account has registered the MO number (to)', from: 'omnigate' },
  A731: { status: 400, text: 'Invalid MO message field', from: 'omnigate' },
  A732: { status: 404, text: 'No such MO message', from: 'omnigate' },
  A733: { status: 409, text: 'MO message was already acknowledged by the webhook', from: 'omnigate' },
  A734: { status: 400, text: 'Invalid MO list filter', from: 'omnigate' },
  A750: { status: 400, text: 'Webhook destination refused by the outbound policy', from: 'omnigate' },
  A760: { status: 400, text: 'At least 10 phone numbers are required', from: 'omnigate' },
  A761: {
    status: 400,
    text: 'Invalid groupTagKey: 1 to 50 characters of A-Z a-z 0-9 . _ -',
    from: 'omnigate',
  },
  A762: { status: 400, text: 'Invalid groupTagName: 1 to 50 characters, not blank', from: 'omnigate' },
  A763: { status: 409, text: 'groupTagKey is already registered for this senderKey', from: 'omnigate' },
  A764: { status: 409, text: 'groupTagName is already used for this senderKey', from: 'omnigate' },
  A765: { status: 404, text: 'No such group tag', from: 'omnigate' },
  A766: { status: 409, text: 'Too many group tags: at most 100 per senderKey', from: 'omnigate' },
  A770: { status: 404, text: 'No such video', from: 'omnigate' },
  A771: { status: 400, text: 'Unsupported video format', from: 'omnigate' },
  A772: { status: 400, text: 'Video file is too large', from: 'omnigate' },
  A773: { status: 400, text: 'Uploaded file size does not match the registered fileSize', from: 'omnigate' },
  A820: { status: 404, text: 'Not found', from: 'hosted' },
  A824: { status: 409, text: 'Not allowed in the current state', from: 'hosted' },
  A910: { status: 500, text: 'Internal error', from: 'hosted' },
  A911: {
    status: 503,
    text: 'Storage is full: nothing can be written until space is freed',
    from: 'omnigate',
  },
} as const satisfies Record<string, { status: number; text: string; from: CodeSource }>;

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
