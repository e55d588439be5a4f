import type { ComponentChildren } from 'preact';
import { Coupon } from './brand-parts.tsx';
import { Buttons, ExternalLink, Picture } from './frame.tsx';
import { type Obj, obj, objs, str, templateButtons, webUrl } from './payload.ts';

/*
 * Item lists: the wide item list (3 to 4 items: the first over a 2:1 image, the others as rows
 * with a square thumbnail) and the catalog (3 to 7 items, each an image, a title and a
 * description; with an odd count the first image is 2:1 and spans the row). Both have a header
 * title, and their items link to `urlMobile` (a catalog item may call it `link`).
 */

function ItemLink({ item, children }: { item: Obj; children: ComponentChildren }) {
  const href = webUrl(item.urlMobile) ?? webUrl(item.link) ?? webUrl(item.urlPc);
  return href ? (
    <ExternalLink class="msg-item-link" href={href}>
      {children}
    </ExternalLink>
  ) : (
    <div class="msg-item-link">{children}</div>
  );
}

function WideItems({ items }: { items: Obj[] }) {
  return (
    <ol class="msg-wide-items">
      {items.map((it, i) => {
        const title = str(it.title) ?? `Item ${i + 1}`;
        return (
          <li class={i === 0 ? 'msg-wide-item-first' : 'msg-wide-item-rest'} key={i}>
            <ItemLink item={it}>
              <Picture src={it.imgUrl} alt={title} shape={i === 0 ? 'landscape' : 'square'} />
              <span class="msg-item-title">{title}</span>
            </ItemLink>
          </li>
        );
      })}
    </ol>
  );
}

function CatalogItems({ items }: { items: Obj[] }) {
  const oddFirst = items.length % 2 === 1;
  return (
    <ol class="msg-catalog-items">
      {items.map((it, i) => {
        const title = str(it.title) ?? `Item ${i + 1}`;
        const first = i === 0 && oddFirst;
        return (
          <li class={first ? 'msg-catalog-item msg-catalog-item-first' : 'msg-catalog-item'} key={i}>
            <ItemLink item={it}>
              <Picture src={it.imgUrl} alt={title} shape={first ? 'landscape' : 'square'} />
              <span class="msg-item-title">{title}</span>
              {str(it.description) && <span class="msg-item-desc">{str(it.description)}</span>}
            </ItemLink>
          </li>
        );
      })}
    </ol>
  );
}

export function ItemList({
  kind,
  header,
  att,
}: {
  kind: 'WIDE_ITEM_LIST' | 'CATALOG';
  header: string | undefined;
  att: Obj;
}) {
  const items = objs(obj(att.item)?.list);
  return (
    <div class={`msg-card msg-card-brand msg-card-${kind === 'CATALOG' ? 'catalog' : 'list'}`}>
      {header && <p class="msg-list-header">{header}</p>}
      {kind === 'CATALOG' ? <CatalogItems items={items} /> : <WideItems items={items} />}
      <div class="msg-card-content">
        <Buttons buttons={templateButtons(att.button)} layout="row" />
        <Coupon coupon={obj(att.coupon)} />
      </div>
    </div>
  );
}
