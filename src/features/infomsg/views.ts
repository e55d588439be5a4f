import { isoKst } from '../../clock.ts';
import type { Ctx } from '../../context.ts';
import type { ReviewEntry, ReviewKind } from '../../store/templates/infomsg-reviews.ts';
import type {
  InfomsgTemplate,
  InspectionStatus,
  ItemHighlight,
  ItemList,
  TemplateButton,
  TemplateStatus,
  TemplateVariable,
} from '../../store/templates/infomsg-templates.ts';
import { fileUrl } from '../files/storage.ts';

/** One entry of the review history as clients read it. */
export interface ReviewCommentView {
  type: ReviewKind;
  comment: string;
  createdAt: string;
  attachment: { fileName: string; url: string } | null;
}

/** The informational template record (spec) with what the platform's records also carry. */
export interface TemplateView {
  senderKey: string;
  senderKeyType: string;
  templateCode: string;
  templateName: string;
  templateMessageType: string;
  templateEmphasizeType: string;
  msgType: string;
  text: string;
  extra: string | null;
  ad: string | null;
  title: string | null;
  subtitle: string | null;
  header: string | null;
  itemHighlight: ItemHighlight | null;
  item: ItemList | null;
  previewMessage: string | null;
  securityFlag: boolean;
  categoryCode: string;
  variables: TemplateVariable[];
  buttons: TemplateButton[];
  imgUrl: string | null;
  imgName: string | null;
  inspectionStatus: InspectionStatus;
  status: TemplateStatus;
  comment: string;
  comments: ReviewCommentView[];
  createdAt: string;
  modifiedAt: string;
}

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
