import { Type } from '@sinclair/typebox';
import { GatewayError } from '../../errors.ts';
import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { readUploadForm } from './form.ts';
import { imageUploadRoutes } from './image-routes.ts';
import {
  MMS_IMAGE_MAX_BYTES,
  MMS_IMAGE_MAX_HEIGHT,
  MMS_IMAGE_MAX_WIDTH,
  uploadMmsImage,
} from './mms-upload.ts';

/** The form, for the OpenAPI document (the handler reads the parts as they stream in). */
const MmsForm = Type.Object({
  file: Type.String({
    format: 'binary',
    description: `JPEG image, at most ${MMS_IMAGE_MAX_BYTES} bytes and ${MMS_IMAGE_MAX_WIDTH}x${MMS_IMAGE_MAX_HEIGHT} pixels`,
  }),
  fileKey: Type.Optional(
    Type.String({
      description:
        '1-64 characters of A-Z a-z 0-9 . _ -; generated when absent; the same key replaces the image',
    }),
  ),
  imageName: Type.Optional(Type.String({ description: 'Defaults to the file name without its extension' })),
});

/** Uploads of the client API: MMS images here, template, RCS and brand message images in image-routes. */
export const fileRoutes: FeaturePlugin = async (app, { ctx }) => {
  await app.register(imageUploadRoutes, { ctx });
  app.post(
    '/api/comm/v1/file/mms',
    {
      schema: {
        operationId: 'uploadMmsImage',
        tags: ['files'],
        summary: 'Upload an MMS image (form-data file, fileKey, imageName) → fileKey, expired',
        security: [{ apiKey: [] }],
        consumes: ['multipart/form-data'],
        body: MmsForm,
      },
      // @fastify/multipart leaves the body undefined (the parts are streamed by the handler), so
      // the form schema above documents the route and validates nothing.
      validatorCompiler: () => () => true,
    },
    async (req) => {
      const principal = req.principal;
      if (!principal) throw new GatewayError('A910', 'no principal behind the API-key hook');
      const form = await readUploadForm(req, MMS_IMAGE_MAX_BYTES);
      return success(req.id, await uploadMmsImage(ctx, principal.account.id, form));
    },
  );
};
