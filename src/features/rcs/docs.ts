import { type TSchema, Type } from '@sinclair/typebox';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { RcsBrand, RcsImage, RcsLogo, RcsMessageForm, RcsMessageFormSummary } from './schemas.ts';

/*
 * What the OpenAPI document says of the RCS center's operations beyond their schemas:
 * descriptions, the codes each answers and real answers (test/http/openapi-center.test.ts drives
 * the same calls and checks each answer against the document). Loaded with the document, not at
 * start.
 */

/** `{ rcs: record }`: the RCS center wraps its records in one named field. */
const rcs = (schema: TSchema) => Type.Object({ rcs: schema });

const FILES = 'https://gw.example.test/files';
const LOGOS = 'https://gw.example.test/api/comm/v1/center/rcs/messagebase/messagebaseform/logo';

/** The account's brand as the center answers it, with `over`. */
const brandExample = (over: Record<string, unknown>) => ({
  brandId: 'b-acc_0mwwtg83n0001e9e43402',
  name: 'Acme',
  brandKey: 'bk-acc_0mwwtg83n0001e9e43402',
  status: 'ready',
  registerDate: '2026-11-23 09:00:00',
  updateDate: '2026-11-23 09:00:00',
  description: '생활용품 쇼핑몰',
  tel: '0212345678',
  webSiteUrl: 'https://acme.example',
  profileImageUrl: `${FILES}/rcs-brand-profile/rcsbp_0mwwtga340000e9e43402.b182b55deac9dc78a27d9be27605aa83.png`,
  backgroundImageUrl: `${FILES}/rcs-brand-background/rcsbg_0mwwtga350000e9e43402.34453a0a254611786b4f1f0e1fe76090.jpg`,
  seasonDocFileName: 'registration.pdf',
  ...over,
});

/** An uploaded message-base image, as its upload and its lookup answer it. */
const IMAGE = {
  fileId: 'rcsmb_0mwwtga5f0000e9e43402',
  fileName: 'card.png',
  imageWidth: 800,
  imageHeight: 400,
  imageUrl: `${FILES}/rcs-messagebase/rcsmb_0mwwtga5f0000e9e43402.7ba983c7dd2129a4281363a4a1af67b0.png`,
  registerDate: '2026-11-23 09:00:11',
};

const REGISTERED = '2019-08-20 10:00:00';
const CAROUSELS_ADDED = '2020-06-15 10:00:00';

/** A common format as the list answers it. */
const formSummary = (
  messagebaseformId: string,
  formName: string,
  cardType: string,
  registerDate = REGISTERED,
) => ({
  messagebaseformId,
  formName,
  bizCondition: ['all'],
  cardType,
  registerDate,
  updateDate: '2023-03-02 10:00:00',
});

const carousels = (size: 'small' | 'medium', prefix: string) =>
  [3, 4, 5, 6].map((n) =>
    formSummary(`${prefix}0${n}00`, `Carousel of ${n} ${size} cards`, 'carousel', CAROUSELS_ADDED),
  );

/** A stock logo of SS000000, as the logo list answers it. */
const logoExample = (name: string) => ({
  fileId: `logo_SS000000_${name}`,
  fileName: `${name}.png`,
  imageWidth: 120,
  imageHeight: 120,
  imageUrl: `${LOGOS}/logo_SS000000_${name}`,
});

export const rcsDocs: RouteDocs = {
  getRcsBrand: {
    description:
      'The account’s RCS brand: its details, image addresses and status (inspecting while a change is reviewed). ' +
      'A brand of another account is A611.',
    response: rcs(RcsBrand),
    errors: ['A611'],
    example: { rcs: brandExample({}) },
  },
  updateRcsBrand: {
    description:
      'Changes the brand (form-data: brandId, regBrand JSON, optional brandProfile, brandBackground, ' +
      'seasonDocFile). The change shows at once with status inspecting and goes back to ready once reviewed (10 ' +
      'seconds on the gateway clock); while a review runs or when the operator set another status, a change is ' +
      'A824. A request that changes nothing starts no review. Answers the brand.',
    response: rcs(RcsBrand),
    errors: ['A212', 'A225', 'A611', 'A613', 'A614', 'A615', 'A616', 'A617', 'A618', 'A619', 'A610', 'A824'],
    example: { rcs: brandExample({ status: 'inspecting' }) },
  },
  listRcsCommonMessageForms: {
    description: 'The common RCS message formats every brand may send with (a fixed set), in summary.',
    response: rcs(Type.Object({ messageForms: Type.Array(RcsMessageFormSummary) })),
    errors: [],
    example: {
      rcs: {
        messageForms: [
          formSummary('SS000000', 'RCS SMS (short text)', 'free'),
          formSummary('SL000000', 'RCS LMS (long text)', 'free'),
          formSummary('ST000000', 'RCS text template (description)', 'free'),
          formSummary('SMwThT00', 'Vertical card, tall media', 'standalone'),
          formSummary('SMwThM00', 'Vertical card, medium media', 'standalone'),
          formSummary('SMwLhX00', 'Horizontal card, media left', 'standalone'),
          formSummary('SMwRhX00', 'Horizontal card, media right', 'standalone'),
          ...carousels('small', 'CMwShS'),
          ...carousels('medium', 'CMwMhM'),
        ],
      },
    },
  },
  getRcsCommonMessageForm: {
    description:
      'One common message format with every limit a message of it must keep (fields per card, buttons); an ' +
      'unknown messagebaseId is A600.',
    response: rcs(Type.Object({ messageForm: RcsMessageForm })),
    errors: ['A600'],
    example: {
      rcs: {
        messageForm: {
          formatId: 'SS000000',
          formName: 'RCS SMS (short text)',
          templateName: 'RCS SMS (short text)',
          msgType: 'RS',
          maxChars: 100,
          titleMaxChars: null,
          cardType: 'free',
          cardCount: 1,
          bizCondition: ['all'],
          body: [{ param: 'description', card: 1, type: 'text', required: true, maxLength: 100 }],
          buttons: { suggestions: [] },
          policyInfo: { buttonsAllowed: false, maxButtonCount: 0 },
          registerDate: REGISTERED,
          updateDate: '2023-03-02 10:00:00',
        },
      },
    },
  },
  uploadRcsMessagebaseImage: {
    description:
      'Uploads an image for the message bases of the account’s brand (form-data: brandId, file; JPEG or PNG of ' +
      'the accepted size and dimensions). The image never expires. Answers it with the address it is served at.',
    response: rcs(Type.Object({ image: RcsImage })),
    errors: ['A210', 'A212', 'A225', 'A611', 'A618', 'A619'],
    example: { rcs: { image: IMAGE } },
  },
  getRcsMessagebaseImage: {
    description:
      'One image of the brand’s message bases, by the fileId its upload answered (A612 otherwise).',
    response: rcs(Type.Object({ image: RcsImage })),
    errors: ['A611', 'A612'],
    example: { rcs: { image: IMAGE } },
  },
  listRcsFormatLogos: {
    description:
      'The stock header logos a common format offers (the text formats offer five; card formats none), each ' +
      'with the address of its PNG bytes.',
    response: rcs(Type.Object({ images: Type.Array(RcsLogo) })),
    errors: ['A600'],
    example: {
      rcs: { images: ['notice', 'payment', 'delivery', 'reservation', 'security'].map(logoExample) },
    },
  },
  getRcsFormatLogo: {
    description: 'A stock logo’s PNG bytes (120 x 120). A fileId no format offers is A612 (a JSON envelope).',
    media: { type: 'image/png', description: 'The logo (PNG)' },
    errors: ['A612'],
  },
};
