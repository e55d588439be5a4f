import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { KeyPrincipal } from '../../store/accounts/accounts.ts';
import type { FeaturePlugin } from '../types.ts';
import { showBrand, updateBrand } from './brand.ts';
import { parseRegBrand } from './brand-rules.ts';
import { readRcsForm, requiredField } from './form.ts';
import { logoBytes } from './logos.ts';
import { MESSAGEBASE_IMAGE_RULE, SEASON_DOC_MAX_BYTES } from './media-rules.ts';
import {
  formatLogos,
  LOGO_PATH,
  listCommonFormats,
  showCommonFormat,
  showMessagebaseImage,
  uploadMessagebaseImage,
} from './messagebase.ts';
import {
  BrandForm,
  BrandQuery,
  FormatQuery,
  ImageQuery,
  LogoParams,
  LogoQuery,
  MessagebaseFileForm,
} from './schemas.ts';

const BASE = '/api/comm/v1/center/rcs';
const tags = ['rcs'];
const security = [{ apiKey: [] }];

function who(principal: KeyPrincipal | null): KeyPrincipal {
  if (!principal) throw new GatewayError('A401');
  return principal;
}

// @fastify/multipart leaves the body undefined (the parts are streamed by the handler), so a
// form's schema documents the route and validates nothing.
const noValidation = () => () => true;

/** The RCS center: brand, common message formats, message-base files, logos. */
export const rcsRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.get(
    `${BASE}/brand`,
    {
      schema: {
        operationId: 'getRcsBrand',
        tags,
        security,
        summary: 'The account’s RCS brand',
        querystring: BrandQuery,
      },
    },
    async (req) => {
      const accountId = who(req.principal).account.id;
      return success(req.id, { rcs: await showBrand(ctx, accountId, req.query.brandId) });
    },
  );

  app.put(
    `${BASE}/brand`,
    {
      schema: {
        tags,
        security,
        operationId: 'updateRcsBrand',
        summary: 'Change the brand (regBrand, images, document); the change is reviewed',
        consumes: ['multipart/form-data'],
        body: BrandForm,
      },
      validatorCompiler: noValidation,
    },
    async (req) => {
      const accountId = who(req.principal).account.id;
      const form = await readRcsForm(req, {
        fields: ['brandId', 'regBrand'],
        files: ['brandProfile', 'brandBackground', 'seasonDocFile'],
        maxFileBytes: SEASON_DOC_MAX_BYTES,
      });
      const brandId = requiredField(form, 'brandId');
      const regBrand = parseRegBrand(requiredField(form, 'regBrand'));
      const rcs = await updateBrand(ctx, accountId, {
        brandId,
        regBrand,
        brandProfile: form.files.get('brandProfile'),
        brandBackground: form.files.get('brandBackground'),
        seasonDocFile: form.files.get('seasonDocFile'),
      });
      return success(req.id, { rcs });
    },
  );

  app.get(
    `${BASE}/messagebase/common/list`,
    {
      schema: {
        operationId: 'listRcsCommonMessageForms',
        tags,
        security,
        summary: 'The common message formats',
      },
    },
    async (req) => success(req.id, { rcs: { messageForms: listCommonFormats() } }),
  );

  app.get(
    `${BASE}/messagebase/common`,
    {
      schema: {
        operationId: 'getRcsCommonMessageForm',
        tags,
        security,
        summary: 'One common message format',
        querystring: FormatQuery,
      },
    },
    async (req) => success(req.id, { rcs: { messageForm: showCommonFormat(req.query.messagebaseId) } }),
  );

  app.post(
    `${BASE}/messagebase/file`,
    {
      schema: {
        tags,
        security,
        operationId: 'uploadRcsMessagebaseImage',
        summary: 'Upload an image for the brand’s message bases',
        consumes: ['multipart/form-data'],
        body: MessagebaseFileForm,
      },
      validatorCompiler: noValidation,
    },
    async (req) => {
      const accountId = who(req.principal).account.id;
      const form = await readRcsForm(req, {
        fields: ['brandId'],
        files: ['file'],
        maxFileBytes: MESSAGEBASE_IMAGE_RULE.maxBytes,
      });
      const brandId = requiredField(form, 'brandId');
      const image = await uploadMessagebaseImage(ctx, accountId, { brandId, file: form.files.get('file') });
      return success(req.id, { rcs: { image } });
    },
  );

  app.get(
    `${BASE}/messagebase/file`,
    {
      schema: {
        operationId: 'getRcsMessagebaseImage',
        tags,
        security,
        summary: 'An image of the brand’s message bases',
        querystring: ImageQuery,
      },
    },
    async (req) => {
      const accountId = who(req.principal).account.id;
      const image = await showMessagebaseImage(ctx, accountId, req.query.brandId, req.query.fileId);
      return success(req.id, { rcs: { image } });
    },
  );

  app.get(
    LOGO_PATH,
    {
      schema: {
        operationId: 'listRcsFormatLogos',
        tags,
        security,
        summary: 'The stock logos a format offers',
        querystring: LogoQuery,
      },
    },
    async (req) => success(req.id, { rcs: { images: formatLogos(ctx, req.query.messagebaseformId) } }),
  );

  app.get(
    `${LOGO_PATH}/:fileId`,
    {
      schema: {
        operationId: 'getRcsFormatLogo',
        tags,
        security,
        summary: 'A stock logo’s PNG bytes',
        params: LogoParams,
      },
    },
    async (req, reply) => {
      const bytes = logoBytes(req.params.fileId);
      if (!bytes)
        throw new GatewayError('A612', `fileId ${req.params.fileId} is not a logo of a common format`);
      reply.header('content-type', 'image/png');
      reply.header('cache-control', 'public, max-age=86400');
      return reply.send(bytes);
    },
  );
};
