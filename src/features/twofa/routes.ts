import { GatewayError } from '../../errors.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import { Directory } from '../send/directory.ts';
import type { FeaturePlugin } from '../types.ts';
import { answer, type Fields, twofaShape, userRefOf } from './answer.ts';
import { listLogs } from './logs.ts';
import { requestCode } from './request.ts';
import { LogsBody, RefBody, RegistBody, RequestBody, VerifyBody } from './schema.ts';
import { deleteServiceName, lookupServiceName, registerServiceName } from './service.ts';
import { verifyCode } from './verify.ts';

const BASE = '/api/verify/v1/2fa';
const tags = ['two-factor authentication'];
const security = [{ apiKey: [] }];

function who(principal: KeyPrincipal | null): KeyPrincipal {
  if (!principal) throw new GatewayError('A401');
  return principal;
}

function given(body: unknown, key: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const v: unknown = Reflect.get(body, key);
  return typeof v === 'string' ? v : '';
}

/** What each endpoint answers besides code, result, resultMsg and userRef when it refuses. */
function blankFields(url: string | undefined, body: unknown): Fields {
  switch (url) {
    case `${BASE}/service/regist`:
      return { serviceName: given(body, 'serviceName') };
    case `${BASE}/service`:
      return { serviceName: '', regDate: '' };
    case `${BASE}/request`:
      return { requestId: '' };
    case `${BASE}/verify`:
      return { requestId: given(body, 'requestId') };
    case `${BASE}/logs`:
      return { list: [] };
    default:
      return {};
  }
}

/** Two-factor authentication (/api/verify/v1/2fa/...): every answer's fields are in `data` itself. */
export const twofaRoutes: FeaturePlugin = async (app, { ctx }) => {
  const dir = new Directory(ctx);
  const shape = twofaShape(blankFields);
  app.setErrorHandler(shape.errorHandler);
  app.addHook('preSerialization', shape.preSerialization);

  app.post(
    `${BASE}/service/regist`,
    {
      schema: {
        operationId: 'registerTwoFactorService',
        tags,
        security,
        summary: 'Register the service name put in verification texts',
        body: RegistBody,
      },
    },
    async (req) => {
      await registerServiceName(ctx, who(req.principal).account.id, req.body.serviceName);
      return answer(
        req.id,
        'Service name registered',
        { serviceName: req.body.serviceName },
        userRefOf(req.body),
      );
    },
  );

  app.post(
    `${BASE}/service`,
    {
      schema: {
        operationId: 'getTwoFactorService',
        tags,
        security,
        summary: 'The registered service name',
        body: RefBody,
      },
    },
    async (req) => {
      const found = await lookupServiceName(ctx, who(req.principal).account.id);
      const msg = found.serviceName === '' ? 'No service name registered' : 'Service name found';
      return answer(req.id, msg, found, userRefOf(req.body));
    },
  );

  app.post(
    `${BASE}/service/delete`,
    {
      schema: {
        operationId: 'deleteTwoFactorService',
        tags,
        security,
        summary: 'Delete the service name',
        body: RefBody,
      },
    },
    async (req) => {
      await deleteServiceName(ctx, who(req.principal).account.id);
      return answer(req.id, 'Service name deleted', {}, userRefOf(req.body));
    },
  );

  app.post(
    `${BASE}/request`,
    {
      schema: {
        operationId: 'requestTwoFactorCode',
        tags,
        security,
        summary: 'Send a verification code by SMS',
        body: RequestBody,
      },
    },
    async (req) => {
      const out = await requestCode(ctx, dir, who(req.principal), req.body);
      return answer(req.id, 'Verification code sent', out, userRefOf(req.body));
    },
  );

  app.post(
    `${BASE}/verify`,
    {
      schema: {
        operationId: 'verifyTwoFactorCode',
        tags,
        security,
        summary: 'Verify a code (once)',
        body: VerifyBody,
      },
    },
    async (req) => {
      const out = await verifyCode(ctx, who(req.principal).account.id, req.body);
      return answer(req.id, 'Verified', out, userRefOf(req.body));
    },
  );

  app.post(
    `${BASE}/logs`,
    {
      schema: {
        operationId: 'listTwoFactorLogs',
        tags,
        security,
        summary: 'Verification requests of one day',
        body: LogsBody,
      },
    },
    async (req) => {
      const list = await listLogs(ctx, who(req.principal).account.id, req.body);
      return answer(req.id, 'SUCCESS', { list }, userRefOf(req.body));
    },
  );
};
