import { compileTemplate } from '../../rules/substitution.ts';

/**
 * Public informational templates (spec, Shared behaviours 10): ready-made templates any client
 * may send without registering its own. Lookup only, not recommended for new sends, to be
 * discontinued. A send fails when the substituted text is longer than `charCount` characters:
 * never truncated, never passed on to a failover channel.
 */
export interface PublicTemplate {
  readonly templateCode: string;
  readonly templateName: string;
  /** Always A: a public template is usable from its release on. */
  readonly status: 'A';
  readonly categoryCode: string;
  /** ISO 8601, Korea time. */
  readonly releaseDate: string;
  readonly msgType: 'AT';
  /** With `#{key}` keywords. */
  readonly text: string;
  /** The most characters the text may have once its keywords are substituted. */
  readonly charCount: number;
  /** The keywords of the text, in order of first appearance. */
  readonly variables: readonly string[];
}

type Seed = Omit<PublicTemplate, 'status' | 'msgType' | 'variables'>;

const SEEDS: readonly Seed[] = [
  {
    templateCode: 'PUB_001',
    templateName: '인증번호 안내',
    categoryCode: '001002',
    releaseDate: '2021-03-02T10:00:00+09:00',
    text: '[#{서비스명}] 인증번호는 [#{인증번호}]입니다. 타인에게 절대 알려주지 마세요.',
    charCount: 90,
  },
  {
    templateCode: 'PUB_002',
    templateName: '주문 완료 안내',
    categoryCode: '002001',
    releaseDate: '2021-03-02T10:00:00+09:00',
    text:
      '[#{상점명}] 주문 완료 안내\n\n#{고객명}님, 주문이 완료되었습니다.\n\n' +
      '▶ 주문번호: #{주문번호}\n▶ 상품명: #{상품명}\n▶ 결제금액: #{결제금액}원',
    charCount: 400,
  },
  {
    templateCode: 'PUB_003',
    templateName: '결제 취소 안내',
    categoryCode: '002004',
    releaseDate: '2021-03-02T10:00:00+09:00',
    text:
      '[#{상점명}] 결제 취소 안내\n\n#{고객명}님, 요청하신 결제가 취소되었습니다.\n\n' +
      '▶ 주문번호: #{주문번호}\n▶ 취소금액: #{취소금액}원\n\n환불은 카드사에 따라 3~5영업일이 걸릴 수 있습니다.',
    charCount: 400,
  },
  {
    templateCode: 'PUB_004',
    templateName: '배송 시작 안내',
    categoryCode: '006001',
    releaseDate: '2021-06-01T10:00:00+09:00',
    text:
      '[#{상점명}] 배송 시작 안내\n\n#{고객명}님, 주문하신 상품이 발송되었습니다.\n\n' +
      '▶ 주문번호: #{주문번호}\n▶ 택배사: #{택배사}\n▶ 송장번호: #{송장번호}',
    charCount: 400,
  },
  {
    templateCode: 'PUB_005',
    templateName: '배송 완료 안내',
    categoryCode: '006003',
    releaseDate: '2021-06-01T10:00:00+09:00',
    text: '[#{상점명}] #{고객명}님, 주문하신 상품(#{상품명})의 배송이 완료되었습니다.',
    charCount: 200,
  },
  {
    templateCode: 'PUB_006',
    templateName: '예약 확정 안내',
    categoryCode: '003001',
    releaseDate: '2021-09-01T10:00:00+09:00',
    text:
      '[#{업체명}] 예약 확정 안내\n\n#{고객명}님, 예약이 확정되었습니다.\n\n' +
      '▶ 일시: #{예약일시}\n▶ 장소: #{장소}\n▶ 인원: #{인원}명',
    charCount: 400,
  },
  {
    templateCode: 'PUB_007',
    templateName: '예약 리마인드',
    categoryCode: '003004',
    releaseDate: '2021-09-01T10:00:00+09:00',
    text: '[#{업체명}] #{고객명}님, 내일 #{예약시간}에 예약이 있습니다. 변경·취소는 #{연락처}로 문의해 주세요.',
    charCount: 250,
  },
  {
    templateCode: 'PUB_008',
    templateName: '방문 일정 안내',
    categoryCode: '004005',
    releaseDate: '2022-01-03T10:00:00+09:00',
    text:
      '[#{업체명}] 방문 일정 안내\n\n#{고객명}님, #{방문일시}에 #{기사명} 기사가 방문할 예정입니다.\n' +
      '일정 변경은 #{연락처}로 연락 주세요.',
    charCount: 300,
  },
  {
    templateCode: 'PUB_009',
    templateName: '포인트 적립 안내',
    categoryCode: '009003',
    releaseDate: '2022-01-03T10:00:00+09:00',
    text: '[#{상점명}] #{고객명}님, #{적립포인트}포인트가 적립되었습니다. (보유 포인트: #{보유포인트}P)',
    charCount: 200,
  },
];

/** Every public template, in release order. */
export const PUBLIC_TEMPLATES: readonly PublicTemplate[] = Object.freeze(
  SEEDS.map((s) =>
    Object.freeze({ ...s, status: 'A', msgType: 'AT', variables: compileTemplate(s.text).keys }),
  ),
);

const BY_CODE = new Map(PUBLIC_TEMPLATES.map((t) => [t.templateCode, t]));

export function findPublicTemplate(templateCode: string): PublicTemplate | undefined {
  return BY_CODE.get(templateCode);
}

/** Epoch ms of a public template's release. */
export function releasedAt(t: PublicTemplate): number {
  return Date.parse(t.releaseDate);
}
