import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import type { ReviewEntry } from '../../store/templates/infomsg-reviews.ts';
import type { InfomsgTemplate } from '../../store/templates/infomsg-templates.ts';
import { fileUrl } from '../files/storage.ts';
import type { ReviewCommentView, TemplateView } from './schemas.ts';

export type { ReviewCommentView, TemplateView } from './schemas.ts';

function commentView(ctx: Ctx, e: ReviewEntry): ReviewCommentView {
  return {
    type: e.kind,
    comment: e.comment,
    createdAt: isoKst(e.createdAt),
    attachment:
      e.attachmentPath === null
        ? null
        : { fileName: e.attachmentName ?? '', url: fileUrl(ctx, { path: e.attachmentPath }) },
  };
}

export function templateView(ctx: Ctx, t: InfomsgTemplate, history: readonly ReviewEntry[]): TemplateView {
  return {
    senderKey: t.senderKey,
    senderKeyType: t.senderKeyType,
    templateCode: t.templateCode,
    templateName: t.templateName,
    templateMessageType: t.templateMessageType,
    templateEmphasizeType: t.templateEmphasizeType,
    msgType: t.msgType,
    text: t.text,
    extra: t.extra,
    ad: t.ad,
    title: t.title,
    subtitle: t.subtitle,
    header: t.header,
    itemHighlight: t.itemHighlight,
    item: t.item,
    previewMessage: t.previewMessage,
    securityFlag: t.securityFlag,
    categoryCode: t.categoryCode,
    variables: t.variables,
    buttons: t.buttons,
    imgUrl: t.imgUrl,
    imgName: t.imgName,
    inspectionStatus: t.inspectionStatus,
    status: t.status,
    comment: t.comment,
    comments: history.map((e) => commentView(ctx, e)),
    createdAt: isoKst(t.createdAt),
    modifiedAt: isoKst(t.modifiedAt),
  };
}
