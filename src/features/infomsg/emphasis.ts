import { GatewayError } from '../../errors.ts';
import type {
  ItemHighlight,
  ItemList,
  TemplateEmphasizeType,
  TemplateFields,
  TitledText,
} from '../../store/templates/infomsg-templates.ts';
import { isWebUrl, LIMITS, length, nonEmpty, opt, within } from './limits.ts';

/** The fields of a record that emphasis governs, as a client writes them. */
export interface RawEmphasis {
  title?: string | null | undefined;
  subtitle?: string | null | undefined;
  header?: string | null | undefined;
  imgUrl?: string | null | undefined;
  imgName?: string | null | undefined;
  itemHighlight?:
    | { title: string; description: string; imageUrl?: string | null | undefined }
    | null
    | undefined;
  item?:
    | { list: TitledText[]; summary?: { title: string; description: string } | null | undefined }
    | null
    | undefined;
}

/**
 * The emphasis of a template and the fields each kind needs: TEXT a title and subtitle, IMAGE an
 * image, ITEM_LIST an item list (with optional header, highlight and image); NONE none of them.
 */
export function checkEmphasis(
  type: TemplateEmphasizeType,
  raw: RawEmphasis,
): Pick<TemplateFields, 'title' | 'subtitle' | 'header' | 'itemHighlight' | 'item' | 'imgUrl' | 'imgName'> {
  const title = opt(raw.title);
  const subtitle = opt(raw.subtitle);
  const header = opt(raw.header);
  const imgUrl = opt(raw.imgUrl);
  const highlight = raw.itemHighlight ?? null;
  const item = raw.item ?? null;
  const not = (present: boolean, field: string): void => {
    if (present) throw new GatewayError('A516', `${field} is not used with templateEmphasizeType ${type}`);
  };
  if (type === 'TEXT') {
    if (!title || !subtitle)
      throw new GatewayError('A516', 'templateEmphasizeType TEXT needs title and subtitle');
    within('A516', 'title', title, LIMITS.title);
    within('A516', 'subtitle', subtitle, LIMITS.subtitle);
  } else {
    not(title !== null, 'title');
    not(subtitle !== null, 'subtitle');
  }
  if (type === 'IMAGE' && !imgUrl) throw new GatewayError('A516', 'templateEmphasizeType IMAGE needs imgUrl');
  if (type === 'NONE' || type === 'TEXT') not(imgUrl !== null, 'imgUrl');
  let itemHighlight: ItemHighlight | null = null;
  let list: ItemList | null = null;
  if (type === 'ITEM_LIST') {
    if (!item || item.list.length < LIMITS.itemsMin || item.list.length > LIMITS.itemsMax) {
      throw new GatewayError(
        'A516',
        `templateEmphasizeType ITEM_LIST needs item.list of ${LIMITS.itemsMin} to ${LIMITS.itemsMax} entries`,
      );
    }
    const entries = item.list.map((e, i) => ({
      title: within(
        'A516',
        `item.list[${i}].title`,
        nonEmpty('A516', `item.list[${i}].title`, e.title),
        LIMITS.itemTitle,
      ),
      description: within(
        'A516',
        `item.list[${i}].description`,
        nonEmpty('A516', `item.list[${i}].description`, e.description),
        LIMITS.itemDescription,
      ),
    }));
    list = { list: entries };
    if (item.summary) {
      list.summary = {
        title: within(
          'A516',
          'item.summary.title',
          nonEmpty('A516', 'item.summary.title', item.summary.title),
          LIMITS.summaryTitle,
        ),
        description: within(
          'A516',
          'item.summary.description',
          nonEmpty('A516', 'item.summary.description', item.summary.description),
          LIMITS.summaryDescription,
        ),
      };
    }
    if (header !== null) within('A516', 'header', header, LIMITS.header);
    if (highlight) {
      itemHighlight = {
        title: within(
          'A516',
          'itemHighlight.title',
          nonEmpty('A516', 'itemHighlight.title', highlight.title),
          LIMITS.highlightTitle,
        ),
        description: within(
          'A516',
          'itemHighlight.description',
          nonEmpty('A516', 'itemHighlight.description', highlight.description),
          LIMITS.highlightDescription,
        ),
      };
      const thumb = opt(highlight.imageUrl);
      if (thumb !== null) {
        if (!isWebUrl(thumb)) throw new GatewayError('A518', 'itemHighlight.imageUrl must be an http(s) URL');
        itemHighlight.imageUrl = thumb;
      }
    }
  } else {
    not(item !== null, 'item');
    not(header !== null, 'header');
    not(highlight !== null, 'itemHighlight');
  }
  if (imgUrl !== null && !isWebUrl(imgUrl))
    throw new GatewayError('A518', `imgUrl must be an http(s) URL of at most ${LIMITS.url} characters`);
  // A name only means something beside its image.
  const imgName = imgUrl === null ? null : opt(raw.imgName);
  if (imgName !== null && length(imgName) > LIMITS.imgName)
    throw new GatewayError('A518', `imgName is longer than ${LIMITS.imgName} characters`);
  return { title, subtitle, header, itemHighlight, item: list, imgUrl, imgName };
}
