import type { RouteDocs } from '../../http/openapi/operation-doc.ts';

/*
 * What the OpenAPI document says of the uploaded files served at their URLs (serve-routes.ts).
 * Loaded with the document, not at start.
 */

export const fileServeDocs: RouteDocs = {
  getServedFile: {
    description:
      'An uploaded file (an image, a review attachment, a video thumbnail) at the URL its upload answer gave, with the content type read from its bytes at upload. No credentials: the messaging platform and handsets fetch these URLs, each of which carries random bytes. Any instance of a shared database serves any upload (the bytes are in the database). An unknown or expired file, or one whose bytes are not to be found, answers 404 with the client API envelope (A820).',
    media: {
      type: '*/*',
      description:
        "The file's bytes, with the Content-Type found at upload (image/jpeg, image/png, application/pdf ...)",
    },
    errors: ['A820'],
  },
};
