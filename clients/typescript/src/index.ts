// The client, without Node-only imports: it runs wherever fetch does. Webhook verification and
// handlers, which need node:crypto, are in '@omnigate/client/webhooks'.
export type { BulkOptions, Recipient } from './bulk.js';
export { MAX_PER_REQUEST } from './bulk.js';
export { Omnigate } from './client.js';
export {
  AuthError,
  NetworkError,
  NotFoundError,
  OmnigateError,
  PermissionError,
  RateLimitError,
  StateError,
  ValidationError,
} from './errors.js';
export type { ImageUpload, ImageUrl, MmsImage, RcsImage } from './files.js';
export type { FilePart } from './form.js';
export type { paths } from './openapi.js';
export type { AnswerOf, ApiPath, BodyOf, QueryOf } from './operations.js';
export type { BrandUpdate } from './rcs.js';
export type { IterateOptions } from './reports.js';
export type { RetryOptions } from './retry.js';
export { parseRetryAfter } from './retry.js';
export { steps } from './steps.js';
export type { CallOptions, ClientOptions } from './transport.js';
export type { TwofaAnswer } from './twofa.js';
export type * from './types.js';
