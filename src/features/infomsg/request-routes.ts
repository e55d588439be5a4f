import type { FastifyRequest } from 'fastify';
import { success } from '../../http/envelope.ts';
import type { FeaturePlugin } from '../types.ts';
import { ATTACHMENT_MAX_BYTES, checkAttachment, type RawAttachment, readReviewForm } from './attachment.ts';
import { cancelReview, requestReview } from './review.ts';
import { CancelBody, ReviewBody } from './schemas.ts';
import { accountOf, BASE, security, tags } from './template-routes.ts';

/** The form's attachment, kept from preValidation (where the form is read) to the handler. */
const attachments = new WeakMap<FastifyRequest, RawAttachment>();

/** Review requests and their cancellation. */
export const requestRoutes: FeaturePlugin = async (app, { ctx }) => {
  app.post(
    `${BASE}/template/request`,
    {
      schema: {
        tags,
        security,
        operationId: 'requestInfomsgTemplateReview',
        summary:
          'Request review: JSON {infomsg: {senderKey, templateCode, comment}} or form-data with attachment',
        consumes: ['application/json', 'multipart/form-data'],
        body: ReviewBody,
        description:
          'The form-data variant has the fields senderKey, senderKeyType, templateCode, comment and ' +
          `attachment (png, jpg, jpeg, gif, pdf, hwp, doc or docx; at most ${ATTACHMENT_MAX_BYTES} bytes).`,
      },
      // One path, two bodies: a form is read here and laid out as the JSON body is, so that one
      // schema checks both (its fields are named infomsg.* in a refusal).
      preValidation: async (req) => {
        if (!req.isMultipart()) return;
        const form = await readReviewForm(req);
        if (form.attachment) attachments.set(req, form.attachment);
        // Unchecked until the schema below checks it, as a JSON body is.
        const unchecked: FastifyRequest = req;
        unchecked.body = { infomsg: form.fields };
      },
    },
    async (req) => {
      const raw = attachments.get(req);
      const attachment = raw ? checkAttachment(raw) : undefined;
      await requestReview(ctx, accountOf(req.principal), req.body.infomsg, attachment);
      return success(req.id);
    },
  );

  app.post(
    `${BASE}/template/request/cancel`,
    {
      schema: {
        operationId: 'cancelInfomsgTemplateReview',
        tags,
        security,
        summary: 'Cancel a review request (REQ → REG)',
        body: CancelBody,
      },
    },
    async (req) => {
      await cancelReview(ctx, accountOf(req.principal), req.body.infomsg);
      return success(req.id);
    },
  );
};
