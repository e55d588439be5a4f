import { isoKst } from '../../clock.ts';
import type {
  BrandButton,
  BrandCarousel,
  BrandCommerce,
  BrandCoupon,
  BrandImage,
  BrandItem,
  BrandVideo,
  CarouselHead,
  CarouselTail,
} from '../../rules/brand-content.ts';
import type { BrandTemplate } from '../../store/templates/brand-templates.ts';

/** The structures in the shape they were registered in, so a GET answer can be PUT back. */
export interface AttachmentView {
  button?: BrandButton[];
  image?: BrandImage;
  coupon?: BrandCoupon;
  commerce?: BrandCommerce;
  item?: { list: BrandItem[] };
  video?: BrandVideo;
}

export interface CarouselCardView {
  header?: string;
  message?: string;
  additionalContent?: string;
  attachment: AttachmentView;
}

export interface CarouselView {
  head?: CarouselHead;
  list: CarouselCardView[];
  tail?: CarouselTail;
}

/** The spec's brand message template record, with the structures of its msgType. */
export interface BrandTemplateView {
  senderKey: string;
  senderKeyType: string;
  sendType: string;
  templateCode: string;
  templateName: string;
  msgType: string;
  text: string;
  pushAlarm: string;
  adult: 'Y' | 'N';
  header?: string;
  additionalContent?: string;
  attachment?: AttachmentView;
  carousel?: CarouselView;
  discountRate?: number;
  /** The #{key} variables: a template with none can go out as a broadcast. */
  variables: string[];
  status: string;
  createAt: string;
  modifiedAt: string;
}

function carouselView(c: BrandCarousel): CarouselView {
  const list = c.list.map((card) => {
    const attachment: AttachmentView = { image: card.image };
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
    pushAlarm: t.pushAlarm,
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
