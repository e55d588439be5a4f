/*
 * Where a client reads a refusal's code: `common.authCode` for the gateway stage (authentication,
 * the path, the body's size or media type: src/errors.ts GATEWAY_CODES), else `data.code`.
 */

interface Enveloped {
  common?: { authCode?: string; authResult?: string };
  data?: { code?: string; result?: string };
}

export function codeOf(body: Enveloped): string | undefined {
  const auth = body.common?.authCode;
  return auth !== undefined && auth !== 'A000' ? auth : body.data?.code;
}

export function resultOf(body: Enveloped): string | undefined {
  const auth = body.common?.authCode;
  return auth !== undefined && auth !== 'A000' ? body.common?.authResult : body.data?.result;
}
