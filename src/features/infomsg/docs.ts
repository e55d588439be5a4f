import { type TSchema, Type } from '@sinclair/typebox';
import type { Code } from '../../errors.ts';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import {
  InfomsgCategories,
  InfomsgTemplate,
  InfomsgTemplateChanges,
  InfomsgTemplatePage,
  PublicTemplatePage,
} from './schemas.ts';

/*
 * What the OpenAPI document says of the informational template operations beyond their schemas:
 * descriptions, the codes each answers and real answers (test/http/openapi-center.test.ts drives
 * the same calls and checks each answer against the document). Loaded with the document, not at
 * start.
 */

/** Codes of the rules a template registration is checked against (rules.ts). */
const INFOMSG_RULES: readonly Code[] = [
  'A503',
  'A527',
  'A507',
  'A508',
  'A509',
  'A510',
  'A511',
  'A512',
  'A514',
  'A515',
  'A516',
  'A517',
  'A518',
  'A522',
  'A523',
];

/** `{ infomsg: record }`: the template routes wrap their records in one named field. */
const infomsg = (schema: TSchema) => Type.Object({ infomsg: schema });

const SENDER_KEY = 'sk-acc_0mwwtg83n0001e9e43402';
const AT = '2026-11-23T09:00:00+09:00';
const VARIABLES = [
  { key: 'name', example: '홍길동' },
  { key: 'order', example: 'A-1001' },
];
const BUTTONS = [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }];
const TEXT = '#{name}님, 주문 #{order}이 완료되었습니다.';

/** The template as the center answers it once approved (update, list and changes), with `over`. */
const templateExample = (over: Record<string, unknown>) => ({
  senderKey: SENDER_KEY,
  senderKeyType: 'S',
  templateCode: 'ORDER-DONE',
  templateName: '주문 완료 안내 (2026)',
  templateMessageType: 'BA',
  templateEmphasizeType: 'NONE',
  msgType: 'AT',
  text: TEXT,
  extra: null,
  ad: null,
  title: null,
  subtitle: null,
  header: null,
  itemHighlight: null,
  item: null,
  previewMessage: '주문이 완료되었습니다',
  securityFlag: false,
  categoryCode: '002001',
  variables: VARIABLES,
  buttons: BUTTONS,
  imgUrl: null,
  imgName: null,
  inspectionStatus: 'APR',
  status: 'A',
  comment: '승인',
  comments: [
    { type: 'REQ', comment: '검수 부탁드립니다', createdAt: AT, attachment: null },
    { type: 'CANCEL', comment: '문구를 고칩니다', createdAt: AT, attachment: null },
    {
      type: 'REQ',
      comment: '사업자등록증 첨부합니다',
      createdAt: AT,
      attachment: {
        fileName: 'license.png',
        url: 'https://gw.example.test/files/infomsg-review/irv_0mwwtg9bo0000e9e43402.60cf866dbb904513ec5d590941afbb4f.png',
      },
    },
    { type: 'APR', comment: '승인', createdAt: AT, attachment: null },
  ],
  createdAt: AT,
  modifiedAt: AT,
  ...over,
});

const APPROVED = templateExample({});

/** A public template of the list's example. */
const publicExample = (
  code: string,
  name: string,
  categoryCode: string,
  text: string,
  charCount: number,
  variables: string[],
) => ({
  templateName: name,
  templateCode: code,
  status: 'A',
  categoryCode,
  releaseDate: '2021-03-02T10:00:00+09:00',
  previewImageUrl: `https://gw.example.test/api/comm/v1/center/infomsg/public/template/${code}/preview`,
  msgType: 'AT',
  text,
  charCount,
  variables,
});

export const infomsgDocs: RouteDocs = {
  getInfomsgTemplate: {
    description:
      'One informational template of a sender profile of the account, with its review history (`comments`). ' +
      'A profile of another account is A340, an unknown templateCode A820.',
    response: infomsg(InfomsgTemplate),
    errors: ['A340', 'A820'],
    // The same template before its name was updated (the update example answers the new name).
    example: { infomsg: templateExample({ templateName: '주문 완료 안내' }) },
  },
  createInfomsgTemplate: {
    description:
      'Registers an informational template: status R (pending) and inspectionStatus REG, to be sent for review ' +
      'with POST .../template/request. The whole template is checked (text, variables with examples, buttons, ' +
      'emphasis, category) and answered as stored. A templateCode the profile already has is A528.',
    response: infomsg(InfomsgTemplate),
    errors: ['A340', 'A505', 'A528', ...INFOMSG_RULES],
    example: {
      infomsg: templateExample({
        templateName: '주문 완료 안내',
        previewMessage: null,
        inspectionStatus: 'REG',
        status: 'R',
        comment: '',
        comments: [],
      }),
    },
    requestExample: {
      infomsg: {
        senderKey: SENDER_KEY,
        templateCode: 'ORDER-DONE',
        templateName: '주문 완료 안내',
        text: TEXT,
        categoryCode: '002001',
        variables: VARIABLES,
        buttons: BUTTONS,
      },
    },
  },
  updateInfomsgTemplate: {
    description:
      'Updates a template: the given fields replace the stored ones, absent ones stay, and the result is checked ' +
      'as a registration. Under review (REQ) nothing may change (A824: cancel the review first); approved (APR) only ' +
      'templateName (A519); a rejected template that is edited goes back to REG. Answers the template as stored.',
    response: infomsg(InfomsgTemplate),
    errors: ['A340', 'A519', 'A820', 'A824', ...INFOMSG_RULES],
    example: { infomsg: APPROVED },
    requestExample: {
      infomsg: { senderKey: SENDER_KEY, templateCode: 'ORDER-DONE', templateName: '주문 완료 안내 (2026)' },
    },
  },
  listInfomsgTemplates: {
    description:
      'The templates of a sender profile, filtered by status, inspectionStatus and templateType (the ' +
      'templateMessageType), with offset paging and the total count of the filter.',
    response: infomsg(InfomsgTemplatePage),
    errors: ['A340'],
    paging: 'offset',
    example: { infomsg: { templates: [APPROVED], totalCount: 2, offset: 0, limit: 1 } },
  },
  listInfomsgTemplateChanges: {
    description:
      'The templates of a sender profile registered, edited or moved by a review at or after `since`, oldest ' +
      'change first, a page at a time (`hasNext` tells whether another page follows). Without `since`, every ' +
      'template.',
    response: infomsg(InfomsgTemplateChanges),
    errors: ['A340'],
    paging: 'page',
    example: { infomsg: { templates: [APPROVED], page: 1, count: 1, hasNext: true } },
  },
  deleteInfomsgTemplate: {
    description:
      'Deletes a template and its review history. A template under review (REQ) cannot be deleted (A824): cancel ' +
      'the review first. Answers no data.',
    errors: ['A340', 'A820', 'A824'],
  },
  requestInfomsgTemplateReview: {
    description:
      'Asks for the review of a pending, registered template (status R, inspectionStatus REG; A824 otherwise): it ' +
      'moves to REQ and the request, its comment and attachment join the review history. With automatic review the ' +
      'decision comes later on the gateway clock (approved: APR and status A). Takes JSON or form-data with an ' +
      'attachment (png, jpg, jpeg, gif, pdf, hwp, doc or docx; at most 10 MiB). Answers no data.',
    errors: ['A212', 'A340', 'A520', 'A529', 'A820', 'A824'],
    requestExample: {
      infomsg: { senderKey: SENDER_KEY, templateCode: 'ORDER-DONE', comment: '검수 부탁드립니다' },
    },
  },
  cancelInfomsgTemplateReview: {
    description:
      'Cancels the review request of a template under review (REQ → REG; A824 in any other status); an automatic ' +
      'decision scheduled for it then decides nothing. Answers no data.',
    errors: ['A340', 'A529', 'A820', 'A824'],
    requestExample: {
      infomsg: { senderKey: SENDER_KEY, templateCode: 'ORDER-DONE', comment: '문구를 고칩니다' },
    },
  },
  listInfomsgCategories: {
    description:
      'The template categories (the same for every client): all of them in `categories`, or with categoryCode ' +
      'that one in `category` (A820 for an unknown code).',
    response: InfomsgCategories,
    errors: ['A820'],
    example: {
      category: {
        code: '002001',
        name: '구매완료',
        groupName: '구매',
        inclusion: '주문·결제 완료, 구매 내역',
        exclusion: '추천 상품 등 광고성 내용(할인·이벤트·혜택 홍보)',
      },
    },
  },
  listPublicTemplates: {
    description:
      'Public informational templates released at or after `since` (all without it), a page at a time. Lookup ' +
      'only: any client may send them without registering its own; a send whose substituted text is longer than ' +
      '`charCount` is refused.',
    response: PublicTemplatePage,
    errors: [],
    paging: 'page',
    example: {
      templates: [
        publicExample(
          'PUB_001',
          '인증번호 안내',
          '001002',
          '[#{서비스명}] 인증번호는 [#{인증번호}]입니다. 타인에게 절대 알려주지 마세요.',
          90,
          ['서비스명', '인증번호'],
        ),
        publicExample(
          'PUB_002',
          '주문 완료 안내',
          '002001',
          '[#{상점명}] 주문 완료 안내\n\n#{고객명}님, 주문이 완료되었습니다.\n\n▶ 주문번호: #{주문번호}\n▶ 상품명: #{상품명}\n▶ 결제금액: #{결제금액}원',
          400,
          ['상점명', '고객명', '주문번호', '상품명', '결제금액'],
        ),
      ],
      page: 1,
      count: 2,
      hasNext: true,
    },
  },
  getPublicTemplatePreview: {
    description:
      'The preview image of a public template as SVG (the `previewImageUrl` of the list). An unknown templateCode ' +
      'is A820 (a JSON envelope).',
    media: { type: 'image/svg+xml', description: 'The preview image (SVG)' },
    errors: ['A820'],
  },
};
