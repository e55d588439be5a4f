import { Buttons, Picture, Text } from './frame.tsx';
import { type Obj, obj, objs, str, templateButtons, webUrl } from './payload.ts';

/*
 * The informational template message (AT text, AI image) as the messaging app draws it: a card
 * with the template's emphasis on top (an image; a title under its subtitle; or an item list
 * with its header, highlight and summary), the text, the extra and channel-add lines of EX, AD
 * and MI templates, and the buttons stacked. The send path expands the approved template into
 * the payload (templateEmphasizeType, title, subtitle, imgUrl, header, itemHighlight, item,
 * extra, ad, attachment.button), so the card shows the template as it was reviewed.
 */

function Highlight({ h }: { h: Obj }) {
  const thumb = webUrl(h.imageUrl);
  return (
    <div class="msg-info-highlight">
      <div>
        <p class="msg-info-highlight-title">{str(h.title)}</p>
        <p class="msg-info-highlight-desc">{str(h.description)}</p>
      </div>
      {thumb && <img class="msg-info-thumb" src={thumb} alt={str(h.title) ?? 'Highlight'} loading="lazy" />}
    </div>
  );
}

function ItemList({ item }: { item: Obj }) {
  const rows = objs(item.list);
  const summary = obj(item.summary);
  if (rows.length === 0 && !summary) return null;
  return (
    <dl class="msg-info-items">
      {rows.map((r, i) => (
        <div class="msg-info-item" key={i}>
          <dt>{str(r.title)}</dt>
          <dd>{str(r.description)}</dd>
        </div>
      ))}
      {summary && (
        <div class="msg-info-item msg-info-summary">
          <dt>{str(summary.title)}</dt>
          <dd>{str(summary.description)}</dd>
        </div>
      )}
    </dl>
  );
}

export function InfoCard({ p, text }: { p: Obj; text: string }) {
  const emphasis = str(p.templateEmphasizeType) ?? (p.msgType === 'AI' ? 'IMAGE' : 'NONE');
  const title = str(p.title);
  const subtitle = str(p.subtitle);
  const header = str(p.header);
  const highlight = obj(p.itemHighlight);
  const item = obj(p.item);
  const image = str(p.imgUrl);
  return (
    <div class="msg-card msg-card-info">
      {image && (
        <Picture src={image} alt={title ?? 'Template image'} shape="landscape" missing="Template image" />
      )}
      <div class="msg-card-content">
        {header && <p class="msg-info-header">{header}</p>}
        {highlight && <Highlight h={highlight} />}
        {emphasis === 'TEXT' && (title || subtitle) && (
          <div class="msg-info-emphasis">
            {subtitle && <p class="msg-info-subtitle">{subtitle}</p>}
            {title && <p class="msg-info-title">{title}</p>}
          </div>
        )}
        {item && <ItemList item={item} />}
        <Text text={text} />
        <Text text={str(p.extra)} class="msg-info-extra" />
        <Text text={str(p.ad)} class="msg-info-ad" />
        <Buttons buttons={templateButtons(obj(p.attachment)?.button)} />
      </div>
    </div>
  );
}
