import type { FastifyError } from 'fastify';
import { CODES, type Code, GatewayError } from '../../errors.ts';
import { describeValidation } from '../../http/error-handler.ts';
import type { FeaturePlugin } from '../types.ts';
import { UPLOAD_PATH } from './video-manage.ts';
import { VIDEO_MAX_BYTES } from './video-rules.ts';
import { UploadForm, VidParams } from './video-schema.ts';
import { receiveUpload } from './video-upload.ts';

/** The spec: a failed direct upload answers `errCode` and `message` (not the envelope). */
function uploadFailure(error: FastifyError): { code: Code; message: string; status: number } {
  if (error instanceof GatewayError)
    return { code: error.code, message: error.message, status: error.status };
  if (error.validation) {
    return { code: 'A300', message: describeValidation(error), status: CODES.A300.status };
  }
  const status = error.statusCode ?? 500;
  // A body Fastify has no parser for (application/octet-stream, video/mp4): not a form upload.
  if (status === 415) {
    return { code: 'A415', message: 'expected multipart/form-data with a file part named file', status };
  }
  if (status >= 400 && status < 500) return { code: 'A300', message: error.message, status };
  return { code: 'A910', message: CODES.A910.text, status: 500 };
}

/**
 * The direct video upload address, `<OMNIGATE_PUBLIC_URL>/video-upload/<vid>`: authorised by the
 * x-upload-token header that upload registration issued, never by the API key.
 */
export const videoUploadRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    const f = uploadFailure(error);
    if (f.status >= 500) req.log.error({ err: error, trId: req.id }, 'unexpected error in a video upload');
    return reply.code(f.status).send({ errCode: f.code, message: f.message });
  });

  app.post(
    `${UPLOAD_PATH}/:vid`,
    {
      schema: {
        operationId: 'uploadVideoFile',
        tags: ['brand message videos'],
        summary: `Direct video upload (x-upload-token; form-data file, at most ${VIDEO_MAX_BYTES} bytes) → on failure errCode and message`,
        consumes: ['multipart/form-data'],
        params: VidParams,
        body: UploadForm,
      },
      // @fastify/multipart leaves the body undefined (the handler streams the parts), so the
      // schemas document the route and validate nothing; a vid path segment is never empty.
      validatorCompiler: () => () => true,
    },
    async (req) => {
      const token = req.headers['x-upload-token'];
      return receiveUpload(ctx, req, req.params.vid, typeof token === 'string' ? token : undefined);
    },
  );
};
