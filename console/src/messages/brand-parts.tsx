import { ExternalLink } from './frame.tsx';
import { num, type Obj, obj, str, webUrl, won } from './payload.ts';

/* Parts several brand message kinds carry: the coupon and the commerce (product and prices). */

/** `attachment.coupon`: title (e.g. "10% 할인 쿠폰"), description, and where it leads. */
export function Coupon({ coupon }: { coupon: Obj | undefined }) {
  const title = str(coupon?.title);
  if (!coupon || !title) return null;
  const inner = (
    <>
      <span class="msg-coupon-label">Coupon</span>
      <span class="msg-coupon-title">{title}</span>
      {str(coupon.description) && <span class="msg-coupon-desc">{str(coupon.description)}</span>}
    </>
  );
  const href = webUrl(coupon.urlMobile) ?? webUrl(coupon.urlPc);
  return href ? (
    <ExternalLink class="msg-coupon" href={href}>
      {inner}
    </ExternalLink>
  ) : (
    <div class="msg-coupon">{inner}</div>
  );
}

/**
 * `commerce`: the product title and its prices. With a discount the phone shows the rate or the
 * fixed amount off, the discounted price, and the regular price struck through.
 */
export function Commerce({ commerce }: { commerce: Obj | undefined }) {
  if (!commerce) return null;
  const title = str(commerce.title);
  const regular = num(commerce.regularPrice);
  const price = num(commerce.discountPrice);
  const rate = num(commerce.discountRate ?? commerce.discount_rate);
  const fixed = num(commerce.discountFixed);
  return (
    <div class="msg-commerce">
      {title && <p class="msg-commerce-title">{title}</p>}
      <p class="msg-commerce-prices">
        {price !== undefined ? (
          <>
            {rate !== undefined && <span class="msg-commerce-off">{rate}%</span>}
            {fixed !== undefined && <span class="msg-commerce-off">{won(fixed)} 할인</span>}
            <strong class="msg-commerce-price">{won(price)}</strong>
            {regular !== undefined && (
              <s class="msg-commerce-regular">
                <span class="sr-only">regular price </span>
                {won(regular)}
              </s>
            )}
          </>
        ) : (
          regular !== undefined && <strong class="msg-commerce-price">{won(regular)}</strong>
        )}
      </p>
    </div>
  );
}

/** `attachment` of a brand message or of a carousel card. */
export function attachmentOf(o: Obj | undefined): Obj {
  return obj(o?.attachment) ?? {};
}
