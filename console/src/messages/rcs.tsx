import { Carousel, Slide } from './carousel.tsx';
import { Buttons, Picture, Text } from './frame.tsx';
import { type Button, type Obj, obj, objs, str, webUrl } from './payload.ts';

/*
 * RCS messages by their common format (rcs.formatId, docs/rcs.md): the text formats (SS000000
 * short, SL000000 long, ST000000 template) are a bubble with an optional title; the standalone
 * formats (SMw...) a card with its media on top, left or right; the carousel formats (CMw...) a
 * row of cards. Android RCS shows the `header` (e.g. the advertising label) and `footer` (the
 * opt-out number) fields; a unified-only handset never gets them (the sandbox drops them).
 */

export type RcsShape = 'text' | 'card' | 'carousel';

export function rcsShape(formatId: string | undefined, msgType: string | null): RcsShape {
  const id = formatId ?? '';
  if (id.startsWith('C')) return 'carousel';
  if (id.startsWith('SMw') || (!id && msgType === 'RM')) return 'card';
  return 'text';
}

/** "RCS (card)": the kind as the article names it. */
export function rcsKind(shape: RcsShape, formatId: string | undefined): string {
  if (shape === 'card') return 'card';
  if (shape === 'carousel') return 'carousel';
  if (formatId === 'SL000000') return 'long text';
  if (formatId === 'ST000000') return 'text template';
  return 'short text';
}

function rcsButton(o: Obj): Button[] {
  const action = obj(o.action) ?? o;
  const name = str(action.displayText) ?? str(o.displayText) ?? str(o.name) ?? str(o.text);
  if (!name) return [];
  const open = obj(obj(action.urlAction)?.openUrl);
  return [{ name, url: webUrl(open?.url) ?? webUrl(o.url) ?? webUrl(o.urlMobile) }];
}

/**
 * The buttons of each card. The gateway passes `buttons` through as sent; two shapes are read:
 * the RCS Biz Center's (one entry per card, each with `suggestions[].action`: `displayText` and
 * `urlAction.openUrl.url`), and a flat list of `{name | displayText, url | urlMobile}` for card 1.
 */
export function rcsButtonGroups(v: unknown): Button[][] {
  const entries = objs(v);
  if (entries.some((e) => Array.isArray(e.suggestions))) {
    return entries.map((e) => objs(e.suggestions).flatMap(rcsButton));
  }
  return [entries.flatMap(rcsButton)];
}

interface RcsCard {
  title: string | undefined;
  description: string | undefined;
  media: string | undefined;
}

/**
 * The cards the payload holds: `body` is card 1 (the send path checks it against the format);
 * an array `body` holds one object per card.
 */
function cardsOf(p: Obj, title: string | undefined, text: string): RcsCard[] {
  const body = p.body;
  if (Array.isArray(body)) {
    return objs(body).map((b) => ({
      title: str(b.title),
      description: str(b.description),
      media: str(b.media),
    }));
  }
  const b = obj(body) ?? {};
  const description = text || str(b.description) || str(obj(p.content)?.description);
  return [{ title: title ?? str(b.title), description, media: str(b.media) }];
}

function Card({
  card,
  buttons,
  side,
  media,
}: {
  card: RcsCard;
  buttons: Button[];
  side: string;
  media: Readonly<Record<string, string>>;
}) {
  return (
    <div class={`msg-card msg-card-rcs msg-card-media-${side}`}>
      {card.media && (
        <Picture
          src={media[card.media] ?? card.media}
          alt={card.title ? `Media of ${card.title}` : 'Card media'}
          shape={side === 'top' ? 'auto' : 'square'}
          missing={`RCS media ${card.media} (expired or unknown)`}
        />
      )}
      <div class="msg-card-content">
        {card.title && <p class="msg-title">{card.title}</p>}
        <Text text={card.description} />
        <Buttons buttons={buttons} />
      </div>
    </div>
  );
}

export function RcsMessage({
  p,
  title,
  text,
  shape,
  media,
}: {
  p: Obj;
  title: string | undefined;
  text: string;
  shape: RcsShape;
  /** The URLs of the uploads the payload names (body.media keys), from the timeline. */
  media: Readonly<Record<string, string>>;
}) {
  const formatId = str(p.formatId);
  const header = str(p.header);
  const footer = str(p.footer);
  const groups = rcsButtonGroups(p.buttons);
  const cards = cardsOf(p, title, text);
  const first = cards[0] ?? { title, description: text, media: undefined };
  // Horizontal standalone cards: media left (SMwLhX00) or right (SMwRhX00).
  const side = formatId?.startsWith('SMwLh') ? 'left' : formatId?.startsWith('SMwRh') ? 'right' : 'top';
  return (
    <div class="msg-rcs">
      {header && <p class="msg-rcs-header">{header}</p>}
      {shape === 'text' && (
        <div class="msg-bubble msg-bubble-rcs">
          {first.title && <p class="msg-title">{first.title}</p>}
          <Text text={first.description} />
          <Buttons buttons={groups[0] ?? []} layout="row" />
        </div>
      )}
      {shape === 'card' && <Card card={first} buttons={groups[0] ?? []} side={side} media={media} />}
      {shape === 'carousel' && (
        <Carousel count={cards.length}>
          {cards.map((c, i) => (
            <Slide n={i + 1} count={cards.length} key={i}>
              <Card card={c} buttons={groups[i] ?? []} side="top" media={media} />
            </Slide>
          ))}
        </Carousel>
      )}
      {footer && <p class="msg-rcs-footer">{footer}</p>}
    </div>
  );
}
