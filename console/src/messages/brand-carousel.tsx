import { attachmentOf, Commerce, Coupon } from './brand-parts.tsx';
import { Carousel, Slide } from './carousel.tsx';
import { Buttons, ExternalLink, Picture, Text } from './frame.tsx';
import { type Obj, obj, objs, str, templateButtons, webUrl } from './payload.ts';

/*
 * Carousels (`carousel`: list of 2 to 10 cards, an optional tail "more" link, and for carousel
 * commerce an optional head intro card).
 */

/** The tail: a last tile leading to more (urlMobile). */
function Tail({ tail }: { tail: Obj | undefined }) {
  const href = webUrl(tail?.urlMobile) ?? webUrl(tail?.urlPc);
  if (!href) return null;
  return (
    <li class="msg-carousel-card msg-carousel-tail">
      <ExternalLink class="msg-carousel-more" href={href}>
        More
      </ExternalLink>
    </li>
  );
}

/** Carousel feed: each card an image, a header, a message, its buttons and a coupon. */
export function CarouselFeed({ carousel }: { carousel: Obj | undefined }) {
  const cards = objs(carousel?.list);
  return (
    <Carousel count={cards.length}>
      {cards.map((card, i) => {
        const att = attachmentOf(card);
        const image = obj(att.image);
        const header = str(card.header);
        return (
          <Slide n={i + 1} count={cards.length} key={i}>
            <div class="msg-card msg-card-brand msg-card-slide">
              <Picture
                src={image?.imgUrl}
                link={image?.imgLink}
                alt={header ?? `Card ${i + 1}`}
                shape="auto"
              />
              <div class="msg-card-content">
                {header && <p class="msg-title">{header}</p>}
                <Text text={str(card.message)} />
                <Buttons buttons={templateButtons(att.button)} layout="row" />
                <Coupon coupon={obj(att.coupon)} />
              </div>
            </div>
          </Slide>
        );
      })}
      <Tail tail={obj(carousel?.tail)} />
    </Carousel>
  );
}

/** Carousel commerce: an optional intro card, then product cards with their prices. */
export function CarouselCommerce({ carousel }: { carousel: Obj | undefined }) {
  const cards = objs(carousel?.list);
  const head = obj(carousel?.head);
  const count = cards.length + (head ? 1 : 0);
  const offset = head ? 1 : 0;
  return (
    <Carousel count={count}>
      {head && (
        <Slide n={1} count={count}>
          <div class="msg-card msg-card-brand msg-card-slide msg-card-head">
            {str(head.imgUrl) && (
              <Picture
                src={head.imgUrl}
                link={head.urlMobile}
                alt={str(head.header) ?? 'Intro'}
                shape="landscape"
              />
            )}
            <div class="msg-card-content">
              {str(head.header) && <p class="msg-title">{str(head.header)}</p>}
              <Text text={str(head.content)} />
            </div>
          </div>
        </Slide>
      )}
      {cards.map((card, i) => {
        const att = attachmentOf(card);
        const image = obj(att.image);
        const commerce = obj(att.commerce);
        return (
          <Slide n={i + 1 + offset} count={count} key={i}>
            <div class="msg-card msg-card-brand msg-card-slide">
              <Picture
                src={image?.imgUrl}
                link={image?.imgLink}
                alt={str(commerce?.title) ?? `Product ${i + 1}`}
                shape="auto"
              />
              <div class="msg-card-content">
                <Commerce commerce={commerce} />
                <Text text={str(card.additionalContent)} class="msg-brand-extra" />
                <Buttons buttons={templateButtons(att.button)} layout="row" />
                <Coupon coupon={obj(att.coupon)} />
              </div>
            </div>
          </Slide>
        );
      })}
      <Tail tail={obj(carousel?.tail)} />
    </Carousel>
  );
}
