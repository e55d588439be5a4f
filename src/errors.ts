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
  A214: { status: 400, text: 'fileKey is in use by another account' },
  A215: { status: 400, text: 'Image dimensions are too large' },
  A217: { status: 400, text: 'fileKey is unknown or expired' },
  // uploads (issue 5): A218-A239
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
  // end template sends
  A401: { status: 401, text: 'Unauthorized' },
  A404: { status: 404, text: 'No such path' },
  A413: { status: 413, text: 'Request body too large' },
  A415: { status: 415, text: 'Unsupported content type' },
  A502: { status: 400, text: 'Exactly one of vid or videoUrl is required' },
  A505: { status: 400, text: 'Invalid templateCode' },
  // informational templates (issue 5): A506-A522
  // end informational templates
  A523: { status: 400, text: 'Invalid msgType' },
  // brand message templates (issue 5): A530-A549
  // end brand message templates
  // RCS center (issue 5): A600-A619
  // end RCS center
  A820: { status: 404, text: 'Not found' },
  A824: { status: 409, text: 'Not allowed in the current state' },
  A910: { status: 500, text: 'Internal error' },
} as const satisfies Record<string, { status: number; text: string }>;

export type Code = keyof typeof CODES;

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
