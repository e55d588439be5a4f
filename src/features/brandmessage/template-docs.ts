import type { TSchema } from '@sinclair/typebox';
import type { Code } from '../../errors.ts';
import type { RouteDocs } from '../../http/openapi/operation-doc.ts';
import { SENDER_KEY, wrap } from './docs-common.ts';
import {
  BrandMessageTemplate,
  BrandMessageTemplateChanges,
  BrandMessageTemplatePage,
} from './template-schema.ts';

/*
 * What the OpenAPI document says of the brand message template operations beyond their schemas:
 * descriptions, the codes each answers and real answers (test/http/openapi-center.test.ts drives
 * the same calls and checks each answer against the document). Loaded with the document, not at
 * start.
 */

/* Codes of the brand template parser (template-*.ts). */
const BRAND_RULES: readonly Code[] = [
  'A503',
  'A337',
  'A571',
  'A340',
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
];

const brandmessage = (schema: TSchema) => wrap('brandmessage', schema);

const AT = '2026-11-23T09:00:00+09:00';
const WELCOME_TEXT = '#{name}님, 가입을 진심으로 환영합니다.';
const WELCOME_BUTTONS = { button: [{ type: 'WL', name: '바로가기', urlMobile: 'https://shop.example.com' }] };

/** A registered template as the center answers it: WELCOME unless `over` says otherwise. */
const templateExample = (over: Record<string, unknown>) => ({
  senderKey: SENDER_KEY,
  senderKeyType: 'S',
  sendType: 'basic',
  templateCode: 'WELCOME',
  templateName: '가입 환영',
  msgType: 'TEXT',
  text: WELCOME_TEXT,
  pushAlarm: 'Y',
  adult: 'N',
  attachment: WELCOME_BUTTONS,
  variables: ['name'],
  status: 'A',
  createAt: AT,
  modifiedAt: AT,
  ...over,
});

/** A registration (or replacement) of WELCOME with that text. */
const welcomeRequest = (text: string) => ({
  brandmessage: {
    senderKey: SENDER_KEY,
    templateCode: 'WELCOME',
    templateName: '가입 환영',
    msgType: 'TEXT',
    text,
    attachment: WELCOME_BUTTONS,
  },
});

export const brandTemplateDocs: RouteDocs = {
  createBrandMessageTemplate: {
    description:
      'Registers a brand message template of a sender profile: usable at once (status A, no review). Every ' +
      'structure its msgType takes is checked, each rule with its own code naming the field, and its images must ' +
      'be uploads of this account of the right ratio. templateCode is generated when absent; one the profile ' +
      'already has is A531.',
    response: brandmessage(BrandMessageTemplate),
    errors: [...BRAND_RULES, 'A531'],
    example: { brandmessage: templateExample({ text: '#{name}님, 가입을 환영합니다.' }) },
    requestExample: welcomeRequest('#{name}님, 가입을 환영합니다.'),
  },
  updateBrandMessageTemplate: {
    description:
      'Replaces a template whole (every field as in a registration) but its code and creation time; an unknown ' +
      'templateCode is A820. Broadcasts already scheduled keep the message they were scheduled with.',
    response: brandmessage(BrandMessageTemplate),
    errors: [...BRAND_RULES, 'A820'],
    example: { brandmessage: templateExample({}) },
    requestExample: welcomeRequest(WELCOME_TEXT),
  },
  getBrandMessageTemplate: {
    description:
      'One brand message template, in the shape it was registered in (it can be PUT back). sendType free has no ' +
      'stored template (A571).',
    response: brandmessage(BrandMessageTemplate),
    errors: ['A571', 'A340', 'A505', 'A820'],
    example: { brandmessage: templateExample({}) },
  },
  listBrandMessageTemplates: {
    description:
      'The brand message templates of a sender profile, filtered by status and templateType (a msgType: its long ' +
      'and short spellings both match), with offset paging and the total count.',
    response: brandmessage(BrandMessageTemplatePage),
    errors: ['A340', 'A523', 'A542'],
    paging: 'offset',
    example: {
      brandmessage: {
        templates: [
          templateExample({
            templateCode: 'K4',
            templateName: 'TEXT',
            text: '#{name}님께 드리는 쿠폰',
            pushAlarm: 'N',
            attachment: { coupon: { title: '10% 할인 쿠폰', urlMobile: 'https://shop.example.com/c' } },
          }),
          templateExample({}),
        ],
        offset: 0,
        limit: 100,
        totalCount: 2,
      },
    },
  },
  listBrandMessageTemplateChanges: {
    description:
      'The brand message templates of a sender profile registered or replaced at or after `since` (all without ' +
      'it), latest change first, a page at a time.',
    response: brandmessage(BrandMessageTemplateChanges),
    errors: ['A340', 'A542'],
    paging: 'page',
    example: {
      brandmessage: {
        templates: [
          templateExample({
            templateCode: 'K0',
            templateName: 'IMAGE',
            msgType: 'IMAGE',
            text: '가을 신상품',
            attachment: {
              button: [{ type: 'WL', name: '보러 가기', urlMobile: 'https://shop.example.com' }],
              image: {
                imgUrl:
                  'https://gw.example.test/files/brandmessage-default/img_0mwwtg9ij0000e9e43402.81e88d5172e9b7f91d16b69976bdd431.png',
                imgLink: 'https://shop.example.com/new',
              },
            },
            variables: [],
          }),
        ],
        page: 1,
        count: 1,
        hasNext: true,
      },
    },
  },
  deleteBrandMessageTemplate: {
    description:
      'Deletes a brand message template. A broadcast scheduled with it is blocked when its start comes. Answers ' +
      'no data.',
    errors: ['A340', 'A820'],
  },
};
