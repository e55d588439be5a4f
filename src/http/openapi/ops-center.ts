import { type TSchema, Type } from '@sinclair/typebox';
import {
  AudiencePossible,
  BrandMessageTemplate,
  BrandMessageTemplateChanges,
  BrandMessageTemplatePage,
  Broadcast,
  BroadcastEstimate,
  FriendCount,
  FriendGroup,
  FriendGroupAccepted,
  FriendGroupChanged,
  FriendGroupFile,
  FriendGroupList,
  GroupTags,
  InfomsgCategories,
  InfomsgTemplate,
  InfomsgTemplateChanges,
  InfomsgTemplatePage,
  PublicTemplatePage,
  RcsBrand,
  RcsImage,
  RcsLogo,
  RcsMessageForm,
  RcsMessageFormSummary,
  Video,
  VideoPage,
  VideoRegistered,
  VideoUploaded,
  VideoUploadTicket,
} from './components-center.ts';
import type { OperationDocs } from './operation-doc.ts';

/* The client API's center: /api/comm/v1/center/* and the direct video upload address. */

const C = '/api/comm/v1/center';
const IM = `${C}/infomsg`;
const BT = `${C}/brandmessage/template`;
const RCS = `${C}/rcs`;
const GT = `${C}/brandmessage/groupTag`;
const GM = `${C}/brandmessage/groupMessage`;
const FG = `${C}/brandmessage/friendGroup`;
const VID = `${C}/brandmessage/video`;
const SP = `${C}/brandmessage/sendPermission`;

/** `{ [key]: schema }`: the handlers wrap their records in one named field. */
const wrap = (key: string, schema: TSchema) => Type.Object({ [key]: schema });
const infomsg = (s: TSchema) => wrap('infomsg', s);
const brandmessage = (s: TSchema) => wrap('brandmessage', s);
const friendGroup = (s: TSchema) => wrap('friendGroup', s);
const rcs = (s: TSchema) => wrap('rcs', s);
const video = (s: TSchema) => brandmessage(wrap('video', s));

/* Codes of the rules a template registration is checked against (src/features/infomsg/rules.ts). */
const INFOMSG_RULES = [
  'A312',
  'A506',
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
] as const;

/* Codes of the brand template parser (src/features/brandmessage/template-*.ts). */
const BRAND_RULES = [
  'A312',
  'A313',
  'A321',
  'A326',
  'A505',
  'A523',
  'A530',
  'A532',
  'A533',
  'A534',
  'A535',
  'A536',
  'A537',
  'A538',
  'A539',
  'A540',
  'A541',
  'A542',
  'A543',
  'A544',
  'A545',
  'A546',
] as const;

const NUMBERS = ['A553', 'A554', 'A555', 'A556', 'A217'] as const;

/** An approved template as the center answers it (the examples of update, list and changes). */
const APPROVED_TEMPLATE = {
  senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
  senderKeyType: 'S',
  templateCode: 'ORDER-DONE',
  templateName: '주문 완료 안내 (2026)',
  templateMessageType: 'BA',
  templateEmphasizeType: 'NONE',
  msgType: 'AT',
  text: '#{name}님, 주문 #{order}이 완료되었습니다.',
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
  variables: [
    { key: 'name', example: '홍길동' },
    { key: 'order', example: 'A-1001' },
  ],
  buttons: [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }],
  imgUrl: null,
  imgName: null,
  inspectionStatus: 'APR',
  status: 'A',
  comment: '승인',
  comments: [
    {
      type: 'REQ',
      comment: '검수 부탁드립니다',
      createdAt: '2026-11-23T09:00:00+09:00',
      attachment: null,
    },
    {
      type: 'CANCEL',
      comment: '문구를 고칩니다',
      createdAt: '2026-11-23T09:00:00+09:00',
      attachment: null,
    },
    {
      type: 'REQ',
      comment: '사업자등록증 첨부합니다',
      createdAt: '2026-11-23T09:00:00+09:00',
      attachment: {
        fileName: 'license.png',
        url: 'https://gw.example.test/files/infomsg-review/irv_0mwwtg9bo0000e9e43402.60cf866dbb904513ec5d590941afbb4f.png',
      },
    },
    { type: 'APR', comment: '승인', createdAt: '2026-11-23T09:00:00+09:00', attachment: null },
  ],
  createdAt: '2026-11-23T09:00:00+09:00',
  modifiedAt: '2026-11-23T09:00:00+09:00',
};

export const centerDocs: OperationDocs = {
  /* ---------- informational templates ---------- */

  [`GET ${IM}/template`]: {
    operationId: 'getInfomsgTemplate',
    description:
      'One informational template of a sender profile of the account, with its review history (`comments`). ' +
      'A profile of another account is A326, an unknown templateCode A820.',
    response: infomsg(InfomsgTemplate),
    errors: ['A326', 'A820'],
    // The same template before its name was updated (the update example answers the new name).
    example: { infomsg: { ...APPROVED_TEMPLATE, templateName: '주문 완료 안내' } },
  },
  [`POST ${IM}/template`]: {
    operationId: 'createInfomsgTemplate',
    description:
      'Registers an informational template: status R (pending) and inspectionStatus REG, to be sent for review ' +
      'with POST .../template/request. The whole template is checked (text, variables with examples, buttons, ' +
      'emphasis, category) and answered as stored. A templateCode the profile already has is A513.',
    response: infomsg(InfomsgTemplate),
    errors: ['A326', 'A505', 'A513', ...INFOMSG_RULES],
    example: {
      infomsg: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        senderKeyType: 'S',
        templateCode: 'ORDER-DONE',
        templateName: '주문 완료 안내',
        templateMessageType: 'BA',
        templateEmphasizeType: 'NONE',
        msgType: 'AT',
        text: '#{name}님, 주문 #{order}이 완료되었습니다.',
        extra: null,
        ad: null,
        title: null,
        subtitle: null,
        header: null,
        itemHighlight: null,
        item: null,
        previewMessage: null,
        securityFlag: false,
        categoryCode: '002001',
        variables: [
          { key: 'name', example: '홍길동' },
          { key: 'order', example: 'A-1001' },
        ],
        buttons: [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }],
        imgUrl: null,
        imgName: null,
        inspectionStatus: 'REG',
        status: 'R',
        comment: '',
        comments: [],
        createdAt: '2026-11-23T09:00:00+09:00',
        modifiedAt: '2026-11-23T09:00:00+09:00',
      },
    },
    requestExample: {
      infomsg: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'ORDER-DONE',
        templateName: '주문 완료 안내',
        text: '#{name}님, 주문 #{order}이 완료되었습니다.',
        categoryCode: '002001',
        variables: [
          { key: 'name', example: '홍길동' },
          { key: 'order', example: 'A-1001' },
        ],
        buttons: [{ type: 'WL', name: '주문 확인', urlMobile: 'https://shop.example/o/#{order}' }],
      },
    },
  },
  [`PUT ${IM}/template`]: {
    operationId: 'updateInfomsgTemplate',
    description:
      'Updates a template: the given fields replace the stored ones, absent ones stay, and the result is checked ' +
      'as a registration. Under review (REQ) nothing may change (A824: cancel the review first); approved (APR) only ' +
      'templateName (A519); a rejected template that is edited goes back to REG. Answers the template as stored.',
    response: infomsg(InfomsgTemplate),
    errors: ['A326', 'A519', 'A820', 'A824', ...INFOMSG_RULES],
    example: {
      infomsg: APPROVED_TEMPLATE,
    },
    requestExample: {
      infomsg: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'ORDER-DONE',
        templateName: '주문 완료 안내 (2026)',
      },
    },
  },
  [`GET ${IM}/template/list`]: {
    operationId: 'listInfomsgTemplates',
    description:
      'The templates of a sender profile, filtered by status, inspectionStatus and templateType (the ' +
      'templateMessageType), with offset paging and the total count of the filter.',
    response: infomsg(InfomsgTemplatePage),
    errors: ['A326'],
    example: {
      infomsg: {
        templates: [APPROVED_TEMPLATE],
        totalCount: 2,
        offset: 0,
        limit: 1,
      },
    },
  },
  [`GET ${IM}/template/lastModified`]: {
    operationId: 'listInfomsgTemplateChanges',
    description:
      'The templates of a sender profile registered, edited or moved by a review at or after `since`, oldest ' +
      'change first, a page at a time (`hasNext` tells whether another page follows). Without `since`, every ' +
      'template.',
    response: infomsg(InfomsgTemplateChanges),
    errors: ['A326'],
    example: {
      infomsg: {
        templates: [APPROVED_TEMPLATE],
        page: 1,
        count: 1,
        hasNext: true,
      },
    },
  },
  [`DELETE ${IM}/template/senderKey/{senderKey}/templateCode/{templateCode}`]: {
    operationId: 'deleteInfomsgTemplate',
    description:
      'Deletes a template and its review history. A template under review (REQ) cannot be deleted (A824): cancel ' +
      'the review first. Answers no data.',
    errors: ['A326', 'A820', 'A824'],
  },
  [`POST ${IM}/template/request`]: {
    operationId: 'requestInfomsgTemplateReview',
    description:
      'Asks for the review of a pending, registered template (status R, inspectionStatus REG; A824 otherwise): it ' +
      'moves to REQ and the request, its comment and attachment join the review history. With automatic review the ' +
      'decision comes later on the gateway clock (approved: APR and status A). Takes JSON or form-data with an ' +
      'attachment (png, jpg, jpeg, gif, pdf, hwp, doc or docx; at most 10 MiB). Answers no data.',
    errors: ['A212', 'A326', 'A520', 'A521', 'A820', 'A824'],
    requestExample: {
      infomsg: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'ORDER-DONE',
        comment: '검수 부탁드립니다',
      },
    },
  },
  [`POST ${IM}/template/request/cancel`]: {
    operationId: 'cancelInfomsgTemplateReview',
    description:
      'Cancels the review request of a template under review (REQ → REG; A824 in any other status); an automatic ' +
      'decision scheduled for it then decides nothing. Answers no data.',
    errors: ['A326', 'A521', 'A820', 'A824'],
    requestExample: {
      infomsg: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'ORDER-DONE',
        comment: '문구를 고칩니다',
      },
    },
  },
  [`GET ${IM}/category`]: {
    operationId: 'listInfomsgCategories',
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
  [`GET ${IM}/public/template`]: {
    operationId: 'listPublicTemplates',
    description:
      'Public informational templates released at or after `since` (all without it), a page at a time. Lookup ' +
      'only: any client may send them without registering its own; a send whose substituted text is longer than ' +
      '`charCount` is refused.',
    response: PublicTemplatePage,
    errors: [],
    example: {
      templates: [
        {
          templateName: '인증번호 안내',
          templateCode: 'PUB_001',
          status: 'A',
          categoryCode: '001002',
          releaseDate: '2021-03-02T10:00:00+09:00',
          previewImageUrl:
            'https://gw.example.test/api/comm/v1/center/infomsg/public/template/PUB_001/preview',
          msgType: 'AT',
          text: '[#{서비스명}] 인증번호는 [#{인증번호}]입니다. 타인에게 절대 알려주지 마세요.',
          charCount: 90,
          variables: ['서비스명', '인증번호'],
        },
        {
          templateName: '주문 완료 안내',
          templateCode: 'PUB_002',
          status: 'A',
          categoryCode: '002001',
          releaseDate: '2021-03-02T10:00:00+09:00',
          previewImageUrl:
            'https://gw.example.test/api/comm/v1/center/infomsg/public/template/PUB_002/preview',
          msgType: 'AT',
          text: '[#{상점명}] 주문 완료 안내\n\n#{고객명}님, 주문이 완료되었습니다.\n\n▶ 주문번호: #{주문번호}\n▶ 상품명: #{상품명}\n▶ 결제금액: #{결제금액}원',
          charCount: 400,
          variables: ['상점명', '고객명', '주문번호', '상품명', '결제금액'],
        },
      ],
      page: 1,
      count: 2,
      hasNext: true,
    },
  },
  [`GET ${IM}/public/template/{templateCode}/preview`]: {
    operationId: 'getPublicTemplatePreview',
    description:
      'The preview image of a public template as SVG (the `previewImageUrl` of the list). An unknown templateCode ' +
      'is A820 (a JSON envelope).',
    media: { type: 'image/svg+xml', description: 'The preview image (SVG)' },
    errors: ['A820'],
  },

  /* ---------- brand message templates ---------- */

  [`POST ${BT}`]: {
    operationId: 'createBrandMessageTemplate',
    description:
      'Registers a brand message template of a sender profile: usable at once (status A, no review). Every ' +
      'structure its msgType takes is checked, each rule with its own code naming the field, and its images must ' +
      'be uploads of this account of the right ratio. templateCode is generated when absent; one the profile ' +
      'already has is A531.',
    response: brandmessage(BrandMessageTemplate),
    errors: [...BRAND_RULES, 'A531'],
    example: {
      brandmessage: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        senderKeyType: 'S',
        sendType: 'basic',
        templateCode: 'WELCOME',
        templateName: '가입 환영',
        msgType: 'TEXT',
        text: '#{name}님, 가입을 환영합니다.',
        pushAlarm: 'Y',
        adult: 'N',
        attachment: { button: [{ type: 'WL', name: '바로가기', urlMobile: 'https://shop.example.com' }] },
        variables: ['name'],
        status: 'A',
        createAt: '2026-11-23T09:00:00+09:00',
        modifiedAt: '2026-11-23T09:00:00+09:00',
      },
    },
    requestExample: {
      brandmessage: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WELCOME',
        templateName: '가입 환영',
        msgType: 'TEXT',
        text: '#{name}님, 가입을 환영합니다.',
        attachment: { button: [{ type: 'WL', name: '바로가기', urlMobile: 'https://shop.example.com' }] },
      },
    },
  },
  [`PUT ${BT}`]: {
    operationId: 'updateBrandMessageTemplate',
    description:
      'Replaces a template whole (every field as in a registration) but its code and creation time; an unknown ' +
      'templateCode is A820. Broadcasts already scheduled keep the message they were scheduled with.',
    response: brandmessage(BrandMessageTemplate),
    errors: [...BRAND_RULES, 'A820'],
    example: {
      brandmessage: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        senderKeyType: 'S',
        sendType: 'basic',
        templateCode: 'WELCOME',
        templateName: '가입 환영',
        msgType: 'TEXT',
        text: '#{name}님, 가입을 진심으로 환영합니다.',
        pushAlarm: 'Y',
        adult: 'N',
        attachment: { button: [{ type: 'WL', name: '바로가기', urlMobile: 'https://shop.example.com' }] },
        variables: ['name'],
        status: 'A',
        createAt: '2026-11-23T09:00:00+09:00',
        modifiedAt: '2026-11-23T09:00:00+09:00',
      },
    },
    requestExample: {
      brandmessage: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WELCOME',
        templateName: '가입 환영',
        msgType: 'TEXT',
        text: '#{name}님, 가입을 진심으로 환영합니다.',
        attachment: { button: [{ type: 'WL', name: '바로가기', urlMobile: 'https://shop.example.com' }] },
      },
    },
  },
  [`GET ${BT}`]: {
    operationId: 'getBrandMessageTemplate',
    description:
      'One brand message template, in the shape it was registered in (it can be PUT back). sendType free has no ' +
      'stored template (A321).',
    response: brandmessage(BrandMessageTemplate),
    errors: ['A321', 'A326', 'A505', 'A820'],
    example: {
      brandmessage: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        senderKeyType: 'S',
        sendType: 'basic',
        templateCode: 'WELCOME',
        templateName: '가입 환영',
        msgType: 'TEXT',
        text: '#{name}님, 가입을 진심으로 환영합니다.',
        pushAlarm: 'Y',
        adult: 'N',
        attachment: { button: [{ type: 'WL', name: '바로가기', urlMobile: 'https://shop.example.com' }] },
        variables: ['name'],
        status: 'A',
        createAt: '2026-11-23T09:00:00+09:00',
        modifiedAt: '2026-11-23T09:00:00+09:00',
      },
    },
  },
  [`GET ${BT}/list`]: {
    operationId: 'listBrandMessageTemplates',
    description:
      'The brand message templates of a sender profile, filtered by status and templateType (a msgType: its long ' +
      'and short spellings both match), with offset paging and the total count.',
    response: brandmessage(BrandMessageTemplatePage),
    errors: ['A326', 'A523', 'A542'],
    example: {
      brandmessage: {
        templates: [
          {
            senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
            senderKeyType: 'S',
            sendType: 'basic',
            templateCode: 'K4',
            templateName: 'TEXT',
            msgType: 'TEXT',
            text: '#{name}님께 드리는 쿠폰',
            pushAlarm: 'N',
            adult: 'N',
            attachment: { coupon: { title: '10% 할인 쿠폰', urlMobile: 'https://shop.example.com/c' } },
            variables: ['name'],
            status: 'A',
            createAt: '2026-11-23T09:00:00+09:00',
            modifiedAt: '2026-11-23T09:00:00+09:00',
          },
          {
            senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
            senderKeyType: 'S',
            sendType: 'basic',
            templateCode: 'WELCOME',
            templateName: '가입 환영',
            msgType: 'TEXT',
            text: '#{name}님, 가입을 진심으로 환영합니다.',
            pushAlarm: 'Y',
            adult: 'N',
            attachment: { button: [{ type: 'WL', name: '바로가기', urlMobile: 'https://shop.example.com' }] },
            variables: ['name'],
            status: 'A',
            createAt: '2026-11-23T09:00:00+09:00',
            modifiedAt: '2026-11-23T09:00:00+09:00',
          },
        ],
        offset: 0,
        limit: 100,
        totalCount: 2,
      },
    },
  },
  [`GET ${BT}/lastModified`]: {
    operationId: 'listBrandMessageTemplateChanges',
    description:
      'The brand message templates of a sender profile registered or replaced at or after `since` (all without ' +
      'it), latest change first, a page at a time.',
    response: brandmessage(BrandMessageTemplateChanges),
    errors: ['A326', 'A542'],
    example: {
      brandmessage: {
        templates: [
          {
            senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
            senderKeyType: 'S',
            sendType: 'basic',
            templateCode: 'K0',
            templateName: 'IMAGE',
            msgType: 'IMAGE',
            text: '가을 신상품',
            pushAlarm: 'Y',
            adult: 'N',
            attachment: {
              button: [{ type: 'WL', name: '보러 가기', urlMobile: 'https://shop.example.com' }],
              image: {
                imgUrl:
                  'https://gw.example.test/files/brandmessage-default/img_0mwwtg9ij0000e9e43402.81e88d5172e9b7f91d16b69976bdd431.png',
                imgLink: 'https://shop.example.com/new',
              },
            },
            variables: [],
            status: 'A',
            createAt: '2026-11-23T09:00:00+09:00',
            modifiedAt: '2026-11-23T09:00:00+09:00',
          },
        ],
        page: 1,
        count: 1,
        hasNext: true,
      },
    },
  },
  [`DELETE ${BT}/senderKey/{senderKey}/templateCode/{templateCode}`]: {
    operationId: 'deleteBrandMessageTemplate',
    description:
      'Deletes a brand message template. A broadcast scheduled with it is blocked when its start comes. Answers ' +
      'no data.',
    errors: ['A326', 'A820'],
  },

  /* ---------- RCS ---------- */

  [`GET ${RCS}/brand`]: {
    operationId: 'getRcsBrand',
    description:
      'The account’s RCS brand: its details, image addresses and status (inspecting while a change is reviewed). ' +
      'A brand of another account is A601.',
    response: rcs(RcsBrand),
    errors: ['A601'],
    example: {
      rcs: {
        brandId: 'b-acc_0mwwtg83n0001e9e43402',
        name: 'Acme',
        brandKey: 'bk-acc_0mwwtg83n0001e9e43402',
        status: 'ready',
        registerDate: '2026-11-23 09:00:00',
        updateDate: '2026-11-23 09:00:00',
        description: '생활용품 쇼핑몰',
        tel: '0212345678',
        webSiteUrl: 'https://acme.example',
        profileImageUrl:
          'https://gw.example.test/files/rcs-brand-profile/rcsbp_0mwwtga340000e9e43402.b182b55deac9dc78a27d9be27605aa83.png',
        backgroundImageUrl:
          'https://gw.example.test/files/rcs-brand-background/rcsbg_0mwwtga350000e9e43402.34453a0a254611786b4f1f0e1fe76090.jpg',
        seasonDocFileName: 'registration.pdf',
      },
    },
  },
  [`PUT ${RCS}/brand`]: {
    operationId: 'updateRcsBrand',
    description:
      'Changes the brand (form-data: brandId, regBrand JSON, optional brandProfile, brandBackground, ' +
      'seasonDocFile). The change shows at once with status inspecting and goes back to ready once reviewed (10 ' +
      'seconds on the gateway clock); while a review runs or when the operator set another status, a change is ' +
      'A824. A request that changes nothing starts no review. Answers the brand.',
    response: rcs(RcsBrand),
    errors: ['A212', 'A219', 'A601', 'A603', 'A604', 'A605', 'A606', 'A607', 'A608', 'A609', 'A610', 'A824'],
    example: {
      rcs: {
        brandId: 'b-acc_0mwwtg83n0001e9e43402',
        name: 'Acme',
        brandKey: 'bk-acc_0mwwtg83n0001e9e43402',
        status: 'inspecting',
        registerDate: '2026-11-23 09:00:00',
        updateDate: '2026-11-23 09:00:00',
        description: '생활용품 쇼핑몰',
        tel: '0212345678',
        webSiteUrl: 'https://acme.example',
        profileImageUrl:
          'https://gw.example.test/files/rcs-brand-profile/rcsbp_0mwwtga340000e9e43402.b182b55deac9dc78a27d9be27605aa83.png',
        backgroundImageUrl:
          'https://gw.example.test/files/rcs-brand-background/rcsbg_0mwwtga350000e9e43402.34453a0a254611786b4f1f0e1fe76090.jpg',
        seasonDocFileName: 'registration.pdf',
      },
    },
  },
  [`GET ${RCS}/messagebase/common/list`]: {
    operationId: 'listRcsCommonMessageForms',
    description: 'The common RCS message formats every brand may send with (a fixed set), in summary.',
    response: rcs(Type.Object({ messageForms: Type.Array(RcsMessageFormSummary) })),
    errors: [],
    example: {
      rcs: {
        messageForms: [
          {
            messagebaseformId: 'SS000000',
            formName: 'RCS SMS (short text)',
            bizCondition: ['all'],
            cardType: 'free',
            registerDate: '2019-08-20 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'SL000000',
            formName: 'RCS LMS (long text)',
            bizCondition: ['all'],
            cardType: 'free',
            registerDate: '2019-08-20 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'ST000000',
            formName: 'RCS text template (description)',
            bizCondition: ['all'],
            cardType: 'free',
            registerDate: '2019-08-20 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'SMwThT00',
            formName: 'Vertical card, tall media',
            bizCondition: ['all'],
            cardType: 'standalone',
            registerDate: '2019-08-20 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'SMwThM00',
            formName: 'Vertical card, medium media',
            bizCondition: ['all'],
            cardType: 'standalone',
            registerDate: '2019-08-20 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'SMwLhX00',
            formName: 'Horizontal card, media left',
            bizCondition: ['all'],
            cardType: 'standalone',
            registerDate: '2019-08-20 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'SMwRhX00',
            formName: 'Horizontal card, media right',
            bizCondition: ['all'],
            cardType: 'standalone',
            registerDate: '2019-08-20 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwShS0300',
            formName: 'Carousel of 3 small cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwShS0400',
            formName: 'Carousel of 4 small cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwShS0500',
            formName: 'Carousel of 5 small cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwShS0600',
            formName: 'Carousel of 6 small cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwMhM0300',
            formName: 'Carousel of 3 medium cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwMhM0400',
            formName: 'Carousel of 4 medium cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwMhM0500',
            formName: 'Carousel of 5 medium cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
          {
            messagebaseformId: 'CMwMhM0600',
            formName: 'Carousel of 6 medium cards',
            bizCondition: ['all'],
            cardType: 'carousel',
            registerDate: '2020-06-15 10:00:00',
            updateDate: '2023-03-02 10:00:00',
          },
        ],
      },
    },
  },
  [`GET ${RCS}/messagebase/common`]: {
    operationId: 'getRcsCommonMessageForm',
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
          registerDate: '2019-08-20 10:00:00',
          updateDate: '2023-03-02 10:00:00',
        },
      },
    },
  },
  [`POST ${RCS}/messagebase/file`]: {
    operationId: 'uploadRcsMessagebaseImage',
    description:
      'Uploads an image for the message bases of the account’s brand (form-data: brandId, file; JPEG or PNG of ' +
      'the accepted size and dimensions). The image never expires. Answers it with the address it is served at.',
    response: rcs(Type.Object({ image: RcsImage })),
    errors: ['A210', 'A212', 'A219', 'A601', 'A608', 'A609'],
    example: {
      rcs: {
        image: {
          fileId: 'rcsmb_0mwwtga5f0000e9e43402',
          fileName: 'card.png',
          imageWidth: 800,
          imageHeight: 400,
          imageUrl:
            'https://gw.example.test/files/rcs-messagebase/rcsmb_0mwwtga5f0000e9e43402.7ba983c7dd2129a4281363a4a1af67b0.png',
          registerDate: '2026-11-23 09:00:11',
        },
      },
    },
  },
  [`GET ${RCS}/messagebase/file`]: {
    operationId: 'getRcsMessagebaseImage',
    description:
      'One image of the brand’s message bases, by the fileId its upload answered (A602 otherwise).',
    response: rcs(Type.Object({ image: RcsImage })),
    errors: ['A601', 'A602'],
    example: {
      rcs: {
        image: {
          fileId: 'rcsmb_0mwwtga5f0000e9e43402',
          fileName: 'card.png',
          imageWidth: 800,
          imageHeight: 400,
          imageUrl:
            'https://gw.example.test/files/rcs-messagebase/rcsmb_0mwwtga5f0000e9e43402.7ba983c7dd2129a4281363a4a1af67b0.png',
          registerDate: '2026-11-23 09:00:11',
        },
      },
    },
  },
  [`GET ${RCS}/messagebase/messagebaseform/logo`]: {
    operationId: 'listRcsFormatLogos',
    description:
      'The stock header logos a common format offers (the text formats offer five; card formats none), each ' +
      'with the address of its PNG bytes.',
    response: rcs(Type.Object({ images: Type.Array(RcsLogo) })),
    errors: ['A600'],
    example: {
      rcs: {
        images: [
          {
            fileId: 'logo_SS000000_notice',
            fileName: 'notice.png',
            imageWidth: 120,
            imageHeight: 120,
            imageUrl:
              'https://gw.example.test/api/comm/v1/center/rcs/messagebase/messagebaseform/logo/logo_SS000000_notice',
          },
          {
            fileId: 'logo_SS000000_payment',
            fileName: 'payment.png',
            imageWidth: 120,
            imageHeight: 120,
            imageUrl:
              'https://gw.example.test/api/comm/v1/center/rcs/messagebase/messagebaseform/logo/logo_SS000000_payment',
          },
          {
            fileId: 'logo_SS000000_delivery',
            fileName: 'delivery.png',
            imageWidth: 120,
            imageHeight: 120,
            imageUrl:
              'https://gw.example.test/api/comm/v1/center/rcs/messagebase/messagebaseform/logo/logo_SS000000_delivery',
          },
          {
            fileId: 'logo_SS000000_reservation',
            fileName: 'reservation.png',
            imageWidth: 120,
            imageHeight: 120,
            imageUrl:
              'https://gw.example.test/api/comm/v1/center/rcs/messagebase/messagebaseform/logo/logo_SS000000_reservation',
          },
          {
            fileId: 'logo_SS000000_security',
            fileName: 'security.png',
            imageWidth: 120,
            imageHeight: 120,
            imageUrl:
              'https://gw.example.test/api/comm/v1/center/rcs/messagebase/messagebaseform/logo/logo_SS000000_security',
          },
        ],
      },
    },
  },
  [`GET ${RCS}/messagebase/messagebaseform/logo/{fileId}`]: {
    operationId: 'getRcsFormatLogo',
    description: 'A stock logo’s PNG bytes (120 x 120). A fileId no format offers is A602 (a JSON envelope).',
    media: { type: 'image/png', description: 'The logo (PNG)' },
    errors: ['A602'],
  },

  /* ---------- group tags ---------- */

  [`POST ${GT}`]: {
    operationId: 'createGroupTag',
    description:
      'Creates a group tag of a sender profile (senderKey inside groupTag or beside it). Key and name are unique ' +
      'per profile (A562, A563); a profile has at most 100 tags (A565). Answers the tag as groupTags[0].',
    response: GroupTags,
    errors: ['A326', 'A560', 'A561', 'A562', 'A563', 'A565'],
    example: {
      groupTags: [
        {
          senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
          groupTagKey: 'vip',
          groupTagName: 'VIP 고객',
          createdAt: '2026-11-23T09:00:11+09:00',
          modifiedAt: '2026-11-23T09:00:11+09:00',
        },
      ],
    },
    requestExample: {
      senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
      groupTag: { groupTagKey: 'vip', groupTagName: 'VIP 고객' },
    },
  },
  [`PUT ${GT}`]: {
    operationId: 'renameGroupTag',
    description:
      'Renames a group tag (A564 when the profile has no such key; A563 when another tag has the name). Answers ' +
      'the tag as groupTags[0].',
    response: GroupTags,
    errors: ['A326', 'A560', 'A561', 'A563', 'A564'],
    example: {
      groupTags: [
        {
          senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
          groupTagKey: 'vip',
          groupTagName: '우수 고객',
          createdAt: '2026-11-23T09:00:11+09:00',
          modifiedAt: '2026-11-23T09:00:11+09:00',
        },
      ],
    },
    requestExample: {
      senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
      groupTag: { groupTagKey: 'vip', groupTagName: '우수 고객' },
    },
  },
  [`GET ${GT}`]: {
    operationId: 'getGroupTag',
    description: 'One group tag, as groupTags[0] (A564 when the profile has no such key).',
    response: GroupTags,
    errors: ['A326', 'A564'],
    example: {
      groupTags: [
        {
          senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
          groupTagKey: 'vip',
          groupTagName: '우수 고객',
          createdAt: '2026-11-23T09:00:11+09:00',
          modifiedAt: '2026-11-23T09:00:11+09:00',
        },
      ],
    },
  },
  [`GET ${GT}/list`]: {
    operationId: 'listGroupTags',
    description: 'Every group tag of a sender profile.',
    response: GroupTags,
    errors: ['A326'],
    example: {
      groupTags: [
        {
          senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
          groupTagKey: 'new',
          groupTagName: '신규 고객',
          createdAt: '2026-11-23T09:00:11+09:00',
          modifiedAt: '2026-11-23T09:00:11+09:00',
        },
        {
          senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
          groupTagKey: 'vip',
          groupTagName: '우수 고객',
          createdAt: '2026-11-23T09:00:11+09:00',
          modifiedAt: '2026-11-23T09:00:11+09:00',
        },
      ],
    },
  },
  [`DELETE ${GT}/senderKey/{senderKey}/groupTagKey/{groupTagKey}`]: {
    operationId: 'deleteGroupTag',
    description: 'Deletes a group tag (A564 when the profile has no such key). Answers no data.',
    errors: ['A326', 'A564'],
  },

  /* ---------- audience checks ---------- */

  [`GET ${GM}/possible`]: {
    operationId: 'countBroadcastAudience',
    description:
      'How many a broadcast of msgType would reach: the friends a completed friend group holds (A558 while it is ' +
      'IN_PROGRESS), or without friendGroupKey all friends of the profile the gateway knows (the sandbox ' +
      'handsets). msgType must be a brand message type (A523).',
    response: AudiencePossible,
    errors: ['A326', 'A523', 'A552', 'A558'],
    example: { possible: 20 },
  },
  [`POST ${GM}/friend/possible`]: {
    operationId: 'countFriendsAmongNumbers',
    description:
      'How many of the given numbers (at least 10, A559; at most 10,000; each one well-formed, A553) are friends ' +
      'of the profile now. A duplicate counts once.',
    response: AudiencePossible,
    errors: ['A326', 'A553', 'A555', 'A559'],
    example: { possible: 12 },
    requestExample: {
      senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
      phoneNumbers: [
        '01072000001',
        '01072000002',
        '01072000003',
        '01072000004',
        '01072000005',
        '01072000006',
        '01072000007',
        '01072000008',
        '01072000009',
        '01072000010',
        '01072000011',
        '01072000012',
      ],
    },
  },
  [`GET ${GM}/friendCount`]: {
    operationId: 'getFriendCount',
    description: 'The friend count of the profile’s channel, as the operator set it.',
    response: FriendCount,
    errors: ['A326'],
    example: { count: 0 },
  },

  /* ---------- friend groups ---------- */

  [`POST ${FG}/file`]: {
    operationId: 'uploadFriendGroupNumbers',
    description:
      'Uploads a phone-number list for a sender profile (form-data: senderKey, file: UTF-8 text, one number a ' +
      'line or CSV with the number first; at most 4 MiB and 100,000 numbers). A malformed line refuses the whole ' +
      'file (A553). The answer’s fileKey names the list in a registration or change for 24 hours; the file itself ' +
      'is not kept.',
    response: friendGroup(FriendGroupFile),
    errors: ['A210', 'A212', 'A326', 'A553', 'A555', 'A556', 'A557'],
    example: {
      friendGroup: {
        fileKey: 'FGF0mwwtgaaz0000e9e43402',
        expiredAt: '2026-11-24T09:00:11+09:00',
        phoneNumberCount: 12,
      },
    },
  },
  [`POST ${FG}`]: {
    operationId: 'createFriendGroup',
    description:
      'Registers a friend group with its numbers (exactly one of fileKey and phoneNumbers, A554). It is ' +
      'IN_PROGRESS until processed a few seconds later on the gateway clock, which finds its users and friends. ' +
      'friendGroupKey is generated when absent; one the profile already has is A551.',
    response: friendGroup(FriendGroupAccepted),
    errors: ['A326', 'A550', 'A551', ...NUMBERS],
    example: {
      friendGroup: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        friendGroupKey: 'from-file',
        requestId: 'FGR0mwwtgacb0001e9e43402',
        status: 'IN_PROGRESS',
        phoneNumberCount: 12,
        createdAt: '2026-11-23T09:00:11+09:00',
        modifiedAt: '2026-11-23T09:00:11+09:00',
      },
    },
    requestExample: {
      friendGroup: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        friendGroupKey: 'from-file',
        fileKey: 'FGF0mwwtgaaz0000e9e43402',
      },
    },
  },
  [`GET ${FG}`]: {
    operationId: 'getFriendGroup',
    description:
      'One friend group with the counts of its last processing (0 before the first; unchanged while a change is ' +
      'IN_PROGRESS).',
    response: friendGroup(FriendGroup),
    errors: ['A326', 'A552'],
    example: {
      friendGroup: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        friendGroupKey: 'vip',
        requestId: 'FGR0mwwtgack0001e9e43402',
        status: 'COMPLETED',
        userCount: 20,
        friendCount: 20,
        phoneNumberCount: 20,
        createdAt: '2026-11-23T09:00:11+09:00',
        modifiedAt: '2026-11-23T09:00:21+09:00',
      },
    },
  },
  [`GET ${FG}/list`]: {
    operationId: 'listFriendGroups',
    description:
      'The friend groups of a sender profile, optionally of one status (IN_PROGRESS, COMPLETED or C).',
    response: friendGroup(FriendGroupList),
    errors: ['A326'],
    example: {
      friendGroup: {
        friendGroups: [
          {
            senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
            friendGroupKey: 'from-file',
            requestId: 'FGR0mwwtgacb0001e9e43402',
            status: 'COMPLETED',
            userCount: 12,
            friendCount: 12,
            phoneNumberCount: 12,
            createdAt: '2026-11-23T09:00:11+09:00',
            modifiedAt: '2026-11-23T09:00:21+09:00',
          },
          {
            senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
            friendGroupKey: 'vip',
            requestId: 'FGR0mwwtgack0001e9e43402',
            status: 'COMPLETED',
            userCount: 20,
            friendCount: 20,
            phoneNumberCount: 20,
            createdAt: '2026-11-23T09:00:11+09:00',
            modifiedAt: '2026-11-23T09:00:21+09:00',
          },
        ],
        totalCount: 2,
      },
    },
  },
  [`POST ${FG}/phoneNumbers/add`]: {
    operationId: 'addFriendGroupNumbers',
    description:
      'Adds numbers to a friend group (exactly one of fileKey and phoneNumbers): the group goes back to ' +
      'IN_PROGRESS and is processed again. Numbers already in it change nothing; changedCount tells how many ' +
      'were added. A group holds at most 100,000 numbers (A555).',
    response: friendGroup(FriendGroupChanged),
    errors: ['A326', 'A552', ...NUMBERS],
    example: {
      friendGroup: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        friendGroupKey: 'from-file',
        requestId: 'FGR0mwwtgaes0000e9e43402',
        status: 'IN_PROGRESS',
        phoneNumberCount: 15,
        createdAt: '2026-11-23T09:00:11+09:00',
        modifiedAt: '2026-11-23T09:00:21+09:00',
        changedCount: 3,
      },
    },
    requestExample: {
      friendGroup: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        friendGroupKey: 'from-file',
        phoneNumbers: ['01073000001', '01073000002', '01073000003'],
      },
    },
  },
  [`POST ${FG}/phoneNumbers/remove`]: {
    operationId: 'removeFriendGroupNumbers',
    description:
      'Removes numbers from a friend group (exactly one of fileKey and phoneNumbers): the group goes back to ' +
      'IN_PROGRESS and is processed again; changedCount tells how many were in it.',
    response: friendGroup(FriendGroupChanged),
    errors: ['A326', 'A552', ...NUMBERS],
    example: {
      friendGroup: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        friendGroupKey: 'from-file',
        requestId: 'FGR0mwwtgafd0000e9e43402',
        status: 'IN_PROGRESS',
        phoneNumberCount: 13,
        createdAt: '2026-11-23T09:00:11+09:00',
        modifiedAt: '2026-11-23T09:00:21+09:00',
        changedCount: 2,
      },
    },
    requestExample: {
      friendGroup: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        friendGroupKey: 'from-file',
        phoneNumbers: ['01071000001', '01071000002'],
      },
    },
  },
  [`DELETE ${FG}/senderKey/{senderKey}/friendGroupKey/{friendGroupKey}`]: {
    operationId: 'deleteFriendGroup',
    description:
      'Deletes a friend group and its numbers. A group that a broadcast not yet ended (READY, SENDING or PAUSED) ' +
      'sends to cannot be deleted (A824). Answers no data.',
    errors: ['A326', 'A552', 'A824'],
  },

  /* ---------- videos ---------- */

  [`POST ${VID}/upload/register`]: {
    operationId: 'registerVideoUpload',
    description:
      'Registers a video upload (mp4, m4v, mov or avi; at most 200 MiB): the video is REGISTERED and the answer ' +
      'gives its upload address and a token, both valid 5 minutes. The file goes to that address (POST ' +
      '/video-upload/{vid}); a video still waiting for it then becomes ERROR.',
    response: video(VideoUploadTicket),
    errors: ['A326', 'A571', 'A572', 'A580'],
    example: {
      brandmessage: {
        video: {
          vid: 'v0mwwtgahe0000e9e43402',
          uploadUrl: 'https://gw.example.test/video-upload/v0mwwtgahe0000e9e43402',
          token: 'T1ADcM1_sM314WzbDfjheKYhAm6kTUp-',
          status: 'REGISTERED',
          expiredAt: '2026-11-23T09:05:31+09:00',
        },
      },
    },
    requestExample: {
      senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
      fileName: 'Autumn Sale.mp4',
      fileSize: 4096,
    },
  },
  [`POST ${VID}/register`]: {
    operationId: 'registerExistingVideo',
    description:
      'Registers an existing video of the profile’s channel for brand messages, by vid or by videoUrl (exactly ' +
      'one, A502). It must be PUBLIC or PRIVATE (A579).',
    response: video(VideoRegistered),
    errors: ['A326', 'A502', 'A570', 'A574', 'A575', 'A579'],
    example: {
      brandmessage: {
        video: {
          vid: 'v0mwwtgahe0000e9e43402',
          status: 'PUBLIC',
          title: 'Autumn Sale',
          thumbnailUrl:
            'https://gw.example.test/files/video-thumbnail/v0mwwtgahe0000e9e43402.thumb.5cc0d890eaeacc6dc2c54a4915c05989.png',
          videoUrl: 'https://tv.omnigate.invalid/ch-acc_0mwwtg83n0001e9e43402/videos/v0mwwtgahe0000e9e43402',
        },
      },
    },
    requestExample: { senderKey: 'sk-acc_0mwwtg83n0001e9e43402', vid: 'v0mwwtgahe0000e9e43402' },
  },
  [`GET ${VID}`]: {
    operationId: 'getVideo',
    description:
      'One video of the profile’s channel with its state (A570 for a video of another channel or none).',
    response: video(Video),
    errors: ['A326', 'A570'],
    example: {
      brandmessage: {
        video: {
          vid: 'v0mwwtgahe0000e9e43402',
          status: 'PUBLIC',
          title: 'Autumn Sale',
          thumbnailUrl:
            'https://gw.example.test/files/video-thumbnail/v0mwwtgahe0000e9e43402.thumb.5cc0d890eaeacc6dc2c54a4915c05989.png',
          videoUrl: 'https://tv.omnigate.invalid/ch-acc_0mwwtg83n0001e9e43402/videos/v0mwwtgahe0000e9e43402',
          fileName: 'Autumn Sale.mp4',
          fileSize: 4096,
          senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
          modifiedAt: '2026-11-23T09:00:42+09:00',
          regDate: '2026-11-23 09:00:31',
          updateDate: '2026-11-23 09:00:42',
        },
      },
    },
  },
  [`GET ${VID}/list`]: {
    operationId: 'listVideos',
    description:
      'The videos of the profile’s channel in registration order, optionally those registered on one Korea-time ' +
      'day (date yyyyMMdd), with offset paging and the total count.',
    response: video(VideoPage),
    errors: ['A326'],
    example: {
      brandmessage: {
        video: {
          offset: 0,
          limit: 100,
          totalCount: 1,
          videos: [
            {
              vid: 'v0mwwtgahe0000e9e43402',
              status: 'PUBLIC',
              title: 'Autumn Sale',
              thumbnailUrl:
                'https://gw.example.test/files/video-thumbnail/v0mwwtgahe0000e9e43402.thumb.5cc0d890eaeacc6dc2c54a4915c05989.png',
              videoUrl:
                'https://tv.omnigate.invalid/ch-acc_0mwwtg83n0001e9e43402/videos/v0mwwtgahe0000e9e43402',
              fileName: 'Autumn Sale.mp4',
              fileSize: 4096,
              senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
              modifiedAt: '2026-11-23T09:00:42+09:00',
              regDate: '2026-11-23 09:00:31',
              updateDate: '2026-11-23 09:00:42',
            },
          ],
        },
      },
    },
  },
  'POST /video-upload/{vid}': {
    operationId: 'uploadVideoFile',
    description:
      'The direct upload address a video upload registration gave: form-data with the file part `file`, exactly ' +
      'the registered fileSize bytes, authorised by the `x-upload-token` header (not the API key). The video is ' +
      'then ENCODING and becomes PUBLIC on the gateway clock. A refusal is not the envelope but ' +
      '`{errCode, message}` with the HTTP status of the code: A570 unknown vid, A576 missing or wrong token, A577 ' +
      'address expired, A578 not waiting for its file, A210 no file, A571 not the named format, A572 larger than ' +
      'registered, A573 size differs, A300 malformed form, A415 not form-data. A refused upload leaves the video ' +
      'REGISTERED: the same token may try again while it is valid.',
    response: VideoUploaded,
    // Answered as {errCode, message}: how the document writes them is document.ts's (the plain routes' refusals).
    errors: ['A210', 'A300', 'A415', 'A570', 'A571', 'A572', 'A573', 'A576', 'A577', 'A578', 'A910'],
    example: {
      vid: 'v0mwwtgahe0000e9e43402',
      status: 'ENCODING',
      fileName: 'Autumn Sale.mp4',
      fileSize: 4096,
    },
  },

  /* ---------- send permission ---------- */

  [`GET ${SP}`]: {
    operationId: 'checkSendPermission',
    description:
      'A000 when the channel of the senderKey holds brand message send permission (own-member targeting M, N, ' +
      'O), A325 otherwise (without saying which requirement fails). Answers no data.',
    errors: ['A325', 'A326'],
  },
  [`POST ${SP}`]: {
    operationId: 'applyForSendPermission',
    description:
      'Applies for send permission, granted for the channel (every profile on it) when every requirement holds: ' +
      'business-verified, a channel phone number, 50,000 friends, consent evidence, and an informational send in ' +
      'the last 90 days. A refusal’s code is the first unmet requirement (A581-A585) and its text names them all; ' +
      'applying again once granted is A000. Takes brandMessage (or brandmessage). Answers no data.',
    errors: ['A326', 'A581', 'A582', 'A583', 'A584', 'A585'],
    requestExample: { brandMessage: { senderKey: 'sk-acc_0mwwtg83n0001e9e43402' } },
  },

  /* ---------- broadcasts ---------- */

  [`POST ${GM}`]: {
    operationId: 'createBroadcast',
    description:
      'Schedules a broadcast (READY, sendCount 0) of a registered template without variables (A590) to a ' +
      'completed friend group of at least 10 users (A591, A592) or, without friendGroupKey, to all friends of the ' +
      'profile. sendStartAt is at least 10 minutes ahead and inside 08:00-20:50 Korea time (A593-A595). The ' +
      'message is fixed now; the broadcast then sends tpsLimit messages a second in the window on its own.',
    response: brandmessage(Broadcast),
    errors: ['A326', 'A505', 'A590', 'A591', 'A592', 'A593', 'A594', 'A595', 'A596', 'A597', 'A598'],
    example: {
      brandmessage: {
        requestId: '1',
        status: 'READY',
        sendStartAt: '2026-11-23 11:00:00',
        campaignId: 'weekly-1123',
        tpsLimit: 5,
        pushAlarm: 'Y',
        expectedCount: 20,
        sendCount: 0,
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WEEKLY',
        msgType: 'TEXT',
        friendGroupKey: 'vip',
        doneAt: null,
      },
    },
    requestExample: {
      brandmessage: {
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WEEKLY',
        friendGroupKey: 'vip',
        sendStartAt: '2026-11-23 11:00:00',
        campaignId: 'weekly-1123',
        tpsLimit: 5,
      },
    },
  },
  [`GET ${GM}`]: {
    operationId: 'getBroadcast',
    description: 'A broadcast of the profile by requestId, with how far it has gone (A820 for none).',
    response: brandmessage(Broadcast),
    errors: ['A820'],
    example: {
      brandmessage: {
        requestId: '1',
        status: 'SENDING',
        sendStartAt: '2026-11-23 11:00:00',
        campaignId: 'weekly-1123',
        tpsLimit: 5,
        pushAlarm: 'Y',
        expectedCount: 20,
        sendCount: 10,
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WEEKLY',
        msgType: 'TEXT',
        friendGroupKey: 'vip',
        doneAt: null,
      },
    },
  },
  [`POST ${GM}/pause`]: {
    operationId: 'pauseBroadcast',
    description:
      'Pauses a SENDING broadcast (A824 in any other status): nothing more is sent, sendCount keeps what was sent. ' +
      'Answers the broadcast.',
    response: brandmessage(Broadcast),
    errors: ['A820', 'A824'],
    example: {
      brandmessage: {
        requestId: '1',
        status: 'PAUSED',
        sendStartAt: '2026-11-23 11:00:00',
        campaignId: 'weekly-1123',
        tpsLimit: 5,
        pushAlarm: 'Y',
        expectedCount: 20,
        sendCount: 10,
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WEEKLY',
        msgType: 'TEXT',
        friendGroupKey: 'vip',
        doneAt: null,
      },
    },
    requestExample: { brandmessage: { senderKey: 'sk-acc_0mwwtg83n0001e9e43402', requestId: 1 } },
  },
  [`POST ${GM}/resume`]: {
    operationId: 'resumeBroadcast',
    description:
      'Resumes a PAUSED broadcast (→ READY; A824 in any other status): it goes on by itself, at once when its start ' +
      'time has passed. Answers the broadcast.',
    response: brandmessage(Broadcast),
    errors: ['A820', 'A824'],
    example: {
      brandmessage: {
        requestId: '1',
        status: 'READY',
        sendStartAt: '2026-11-23 11:00:00',
        campaignId: 'weekly-1123',
        tpsLimit: 5,
        pushAlarm: 'Y',
        expectedCount: 20,
        sendCount: 10,
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WEEKLY',
        msgType: 'TEXT',
        friendGroupKey: 'vip',
        doneAt: null,
      },
    },
    requestExample: { brandmessage: { senderKey: 'sk-acc_0mwwtg83n0001e9e43402', requestId: 1 } },
  },
  [`POST ${GM}/terminate`]: {
    operationId: 'terminateBroadcast',
    description:
      'Ends a READY, SENDING or PAUSED broadcast (→ TERMINATED, A824 otherwise): nothing more is sent; what was ' +
      'handed over goes on. Answers the broadcast.',
    response: brandmessage(Broadcast),
    errors: ['A820', 'A824'],
    example: {
      brandmessage: {
        requestId: '2',
        status: 'TERMINATED',
        sendStartAt: '2026-11-23 12:00:00',
        campaignId: '',
        tpsLimit: 100,
        pushAlarm: 'Y',
        expectedCount: 3,
        sendCount: 0,
        senderKey: 'sk-acc_0mwwtg83n0001e9e43402',
        templateCode: 'WEEKLY',
        msgType: 'TEXT',
        friendGroupKey: null,
        doneAt: '2026-11-23 09:00:42',
      },
    },
    requestExample: { brandmessage: { senderKey: 'sk-acc_0mwwtg83n0001e9e43402', requestId: 2 } },
  },
  [`GET ${GM}/estimate`]: {
    operationId: 'estimateBroadcast',
    description:
      'When a broadcast of count messages starting at startTime (yyyy-MM-ddTHH:mm:ss, Korea time; A593) at ' +
      'tpsLimit messages a second (A596) would finish, sending only 08:00-20:50.',
    response: BroadcastEstimate,
    errors: ['A326', 'A593', 'A596'],
    example: { estimatedFinishedAt: '2026-11-23T11:00:04', duration: 4 },
  },
};
