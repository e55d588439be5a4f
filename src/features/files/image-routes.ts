import { Type } from '@sinclair/typebox';
import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import { IMAGE_KINDS, type ImageKind, type ImageKindName } from '../../rules/image-kinds.ts';
import { describeRatioRule } from '../../rules/image-ratio.ts';
import type { FeaturePlugin } from '../types.ts';
import { readUploadForm } from './form.ts';
import { humanBytes, uploadAnswer, uploadImage } from './image-upload.ts';

function rulesOf(spec: ImageKind): string {
  const dims = spec.minWidth > 1 ? `, at least ${spec.minWidth} px wide` : '';
  const ratio = 'any' in spec.ratio ? '' : `, ratio ${describeRatioRule(spec.ratio)}`;
  return `${spec.formats.join('/')} image, at most ${humanBytes(spec.maxBytes)}${dims}${ratio}`;
}

const ANSWERS: Record<ImageKind['answer'], string> = {
  imgUrl: 'imgUrl',
  imgUrlFileName: 'imgUrl, fileName',
  media: 'media (the value for rcs.body.media), expired',
};

/** Each kind's route, as the OpenAPI document names it (docs.ts documents it by this id). */
const OPERATION_IDS: Record<ImageKindName, string> = {
  infomsgTemplate: 'uploadInfomsgTemplateImage',
  infomsgItemHighlight: 'uploadInfomsgItemHighlightImage',
  rcs: 'uploadRcsMedia',
  brandDefault: 'uploadBrandMessageImage',
  brandWide: 'uploadBrandMessageWideImage',
  brandWideListFirst: 'uploadBrandMessageWideListFirstImage',
  brandWideList: 'uploadBrandMessageWideListImage',
  brandCarouselFeed: 'uploadBrandMessageCarouselFeedImage',
  brandCarouselCommerce: 'uploadBrandMessageCarouselCommerceImage',
  brandCatalog: 'uploadBrandMessageCatalogImage',
  brandCatalogOddFirst: 'uploadBrandMessageCatalogOddFirstImage',
};

/** The form, for the OpenAPI document (the handler reads the parts as they stream in). */
function formOf(spec: ImageKind) {
  return Type.Object({
    file: Type.String({ format: 'binary', description: rulesOf(spec) }),
    fileKey: Type.Optional(
      Type.String({
        description:
          '1-64 characters of A-Z a-z 0-9 . _ -; generated when absent; the same key replaces the image',
      }),
    ),
    imageName: Type.Optional(Type.String({ description: 'Defaults to the file name without its extension' })),
  });
}

/** Template, RCS and brand message image uploads: one route per kind of IMAGE_KINDS. */
export const imageUploadRoutes: FeaturePlugin = async (app, { ctx }) => {
  for (const name of Object.keys(IMAGE_KINDS) as ImageKindName[]) {
    const spec: ImageKind = IMAGE_KINDS[name];
    app.post(
      `/api/comm/v1/file/${spec.path}`,
      {
        schema: {
          operationId: OPERATION_IDS[name],
          tags: ['files'],
          summary: `Upload a ${spec.label} (form-data file, fileKey, imageName) → ${ANSWERS[spec.answer]}`,
          security: [{ apiKey: [] }],
          consumes: ['multipart/form-data'],
          body: formOf(spec),
        },
        // @fastify/multipart leaves the body undefined (the parts are streamed by the handler), so
        // the form schema above documents the route and validates nothing.
        validatorCompiler: () => () => true,
      },
      async (req) => {
        const principal = req.principal;
        if (!principal) throw new GatewayError('A910', 'no principal behind the API-key hook');
        const form = await readUploadForm(req, spec.maxBytes);
        const stored = await uploadImage(ctx, principal.account.id, spec, form);
        return success(req.id, uploadAnswer(ctx, spec, stored));
      },
    );
  }
};
