import { isoKst } from '../../clock.ts';
import type { BrandCarousel } from '../../rules/brand-content.ts';
import type { BrandTemplate } from '../../store/templates/brand-templates.ts';
import type { AttachmentView, BrandTemplateView, CarouselCardView, CarouselView } from './template-schema.ts';

export type { BrandTemplateView } from './template-schema.ts';

function carouselView(c: BrandCarousel): CarouselView {
  const list = c.list.map((card) => {
    const attachment: CarouselCardView['attachment'] = { image: card.image };
    if (card.buttons.length > 0) attachment.button = card.buttons;
    if (card.coupon) attachment.coupon = card.coupon;
    if (card.commerce) attachment.commerce = card.commerce;
    const view: CarouselCardView = { attachment };
    if (card.header !== undefined) view.header = card.header;
    if (card.message !== undefined) view.message = card.message;
    if (card.additionalContent !== undefined) view.additionalContent = card.additionalContent;
    return view;
  });
  return { ...(c.head ? { head: c.head } : {}), list, ...(c.tail ? { tail: c.tail } : {}) };
}

export function templateView(t: BrandTemplate): BrandTemplateView {
  const c = t.content;
  const attachment: AttachmentView = {};
  if (c.buttons.length > 0) attachment.button = c.buttons;
  if (c.image) attachment.image = c.image;
  if (c.coupon) attachment.coupon = c.coupon;
  if (c.commerce) attachment.commerce = c.commerce;
  if (c.items.length > 0) attachment.item = { list: c.items };
  if (c.video) attachment.video = c.video;
  // The record's own fields first, then the structures, then what the gateway derives and keeps.
  return {
    senderKey: t.senderKey,
    senderKeyType: t.senderKeyType,
    sendType: t.sendType,
    templateCode: t.templateCode,
    templateName: t.templateName,
    msgType: t.msgType,
    text: t.text,
    // Stored as parsed (template-parse.ts): Y or N.
    pushAlarm: t.pushAlarm as BrandTemplateView['pushAlarm'],
    adult: t.adult ? 'Y' : 'N',
    ...(c.header !== undefined ? { header: c.header } : {}),
    ...(c.additionalContent !== undefined ? { additionalContent: c.additionalContent } : {}),
    ...(Object.keys(attachment).length > 0 ? { attachment } : {}),
    ...(c.carousel ? { carousel: carouselView(c.carousel) } : {}),
    ...(c.discountRate !== undefined ? { discountRate: c.discountRate } : {}),
    variables: t.variables,
    status: t.status,
    createAt: isoKst(t.createdAt),
    modifiedAt: isoKst(t.modifiedAt),
  };
}
