import type { InfomsgCategoryT } from './schemas.ts';

/**
 * Template categories (spec: category record `code`, `name`, `groupName`, `inclusion`,
 * `exclusion`). The set of the messaging platform informational templates follow: a 6-digit code,
 * the group's 3 digits then the category's 3. Every template names one (`categoryCode`).
 */
export type Category = Readonly<InfomsgCategoryT>;

const NO_AD = '광고성 내용(할인·이벤트·혜택 홍보)';

export const CATEGORIES: readonly Category[] = Object.freeze([
  // 회원 (members)
  {
    code: '001001',
    name: '회원가입',
    groupName: '회원',
    inclusion: '회원가입 완료, 가입 환영 안내',
    exclusion: `가입 축하 쿠폰 등 ${NO_AD}`,
  },
  {
    code: '001002',
    name: '인증/비밀번호/로그인',
    groupName: '회원',
    inclusion: '인증번호, 비밀번호 변경·재설정, 로그인 알림',
    exclusion: NO_AD,
  },
  {
    code: '001003',
    name: '회원정보/회원혜택',
    groupName: '회원',
    inclusion: '회원 정보 변경, 등급 변경, 회원 혜택 적용 안내',
    exclusion: `등급 혜택 홍보 등 ${NO_AD}`,
  },
  // 구매 (purchases)
  {
    code: '002001',
    name: '구매완료',
    groupName: '구매',
    inclusion: '주문·결제 완료, 구매 내역',
    exclusion: `추천 상품 등 ${NO_AD}`,
  },
  {
    code: '002002',
    name: '상품가입',
    groupName: '구매',
    inclusion: '보험·통신·구독 상품 가입 완료 안내',
    exclusion: NO_AD,
  },
  {
    code: '002003',
    name: '진행상태',
    groupName: '구매',
    inclusion: '주문 접수, 상품 준비, 제작 진행 상황',
    exclusion: NO_AD,
  },
  {
    code: '002004',
    name: '구매취소',
    groupName: '구매',
    inclusion: '주문 취소, 환불, 반품 처리 안내',
    exclusion: NO_AD,
  },
  {
    code: '002005',
    name: '구매예약/입고알림',
    groupName: '구매',
    inclusion: '예약 구매 확정, 요청한 상품의 재입고 알림',
    exclusion: `요청하지 않은 신상품 입고 등 ${NO_AD}`,
  },
  // 예약 (reservations)
  {
    code: '003001',
    name: '예약완료/예약내역',
    groupName: '예약',
    inclusion: '예약 완료, 예약 내역 안내',
    exclusion: NO_AD,
  },
  {
    code: '003002',
    name: '예약상태',
    groupName: '예약',
    inclusion: '예약 확정·변경·대기 상태 안내',
    exclusion: NO_AD,
  },
  {
    code: '003003',
    name: '예약취소',
    groupName: '예약',
    inclusion: '예약 취소, 취소 수수료, 환불 안내',
    exclusion: NO_AD,
  },
  {
    code: '003004',
    name: '예약알림/리마인드',
    groupName: '예약',
    inclusion: '방문·이용 일정 사전 알림',
    exclusion: NO_AD,
  },
  // 서비스이용 (service use)
  {
    code: '004001',
    name: '이용안내/공지',
    groupName: '서비스이용',
    inclusion: '서비스 이용 방법, 점검, 정책 변경 공지',
    exclusion: `신규 서비스 홍보 등 ${NO_AD}`,
  },
  {
    code: '004002',
    name: '신청접수',
    groupName: '서비스이용',
    inclusion: '신청·문의 접수 완료 안내',
    exclusion: NO_AD,
  },
  {
    code: '004003',
    name: '처리완료',
    groupName: '서비스이용',
    inclusion: '신청·문의·민원 처리 결과 안내',
    exclusion: NO_AD,
  },
  {
    code: '004004',
    name: '이용도구',
    groupName: '서비스이용',
    inclusion: '이용권, 티켓, 모바일 쿠폰 등 이용 수단 발송',
    exclusion: NO_AD,
  },
  {
    code: '004005',
    name: '방문서비스',
    groupName: '서비스이용',
    inclusion: '설치·수리·점검 기사 방문 안내',
    exclusion: NO_AD,
  },
  {
    code: '004006',
    name: '피드백 요청',
    groupName: '서비스이용',
    inclusion: '이용 후기, 만족도 조사 요청',
    exclusion: `후기 작성 보상 홍보 등 ${NO_AD}`,
  },
  {
    code: '004007',
    name: '구매감사/이용확인',
    groupName: '서비스이용',
    inclusion: '이용 감사 인사, 이용 확인 안내',
    exclusion: NO_AD,
  },
  {
    code: '004008',
    name: '리마인드',
    groupName: '서비스이용',
    inclusion: '만료·갱신·미사용 등 이용 관련 리마인드',
    exclusion: NO_AD,
  },
  // 리포팅 (reporting)
  {
    code: '005001',
    name: '수익/정산',
    groupName: '리포팅',
    inclusion: '정산 금액, 지급 일정 안내',
    exclusion: NO_AD,
  },
  {
    code: '005002',
    name: '요금청구',
    groupName: '리포팅',
    inclusion: '청구서, 납부 요청, 미납 안내',
    exclusion: NO_AD,
  },
  {
    code: '005003',
    name: '계약/견적',
    groupName: '리포팅',
    inclusion: '계약 체결·만료, 견적서 발송',
    exclusion: NO_AD,
  },
  {
    code: '005004',
    name: '안전/피해예방',
    groupName: '리포팅',
    inclusion: '보안 경고, 이상 거래 탐지, 피해 예방 안내',
    exclusion: NO_AD,
  },
  {
    code: '005005',
    name: '뉴스레터',
    groupName: '리포팅',
    inclusion: '수신에 동의한 이용자에게 보내는 정보성 소식',
    exclusion: `상품 소개 등 ${NO_AD}`,
  },
  {
    code: '005006',
    name: '거래알림',
    groupName: '리포팅',
    inclusion: '입출금, 카드 승인, 거래 내역 알림',
    exclusion: NO_AD,
  },
  // 배송 (delivery)
  {
    code: '006001',
    name: '배송상태',
    groupName: '배송',
    inclusion: '출고, 배송 중 상태 안내',
    exclusion: NO_AD,
  },
  {
    code: '006002',
    name: '배송예정',
    groupName: '배송',
    inclusion: '배송 예정일, 도착 예정 시간 안내',
    exclusion: NO_AD,
  },
  {
    code: '006003',
    name: '배송완료',
    groupName: '배송',
    inclusion: '배송 완료, 수령 확인 안내',
    exclusion: NO_AD,
  },
  {
    code: '006004',
    name: '배송실패',
    groupName: '배송',
    inclusion: '부재, 주소 오류 등 배송 실패와 재배송 안내',
    exclusion: NO_AD,
  },
  // 법적고지 (legal notices)
  {
    code: '007001',
    name: '수신동의',
    groupName: '법적고지',
    inclusion: '광고성 정보 수신 동의 여부 확인(정기 안내)',
    exclusion: NO_AD,
  },
  {
    code: '007002',
    name: '개인정보',
    groupName: '법적고지',
    inclusion: '개인정보 이용 내역, 처리방침 변경 안내',
    exclusion: NO_AD,
  },
  {
    code: '007003',
    name: '약관변경',
    groupName: '법적고지',
    inclusion: '이용약관 변경 고지',
    exclusion: NO_AD,
  },
  {
    code: '007004',
    name: '휴면관련',
    groupName: '법적고지',
    inclusion: '휴면 전환 예정, 휴면 해제 안내',
    exclusion: `휴면 해제 혜택 홍보 등 ${NO_AD}`,
  },
  // 업무알림 (work notices)
  {
    code: '008001',
    name: '내부업무알림',
    groupName: '업무알림',
    inclusion: '임직원·협력사에게 보내는 업무 알림',
    exclusion: NO_AD,
  },
  {
    code: '008002',
    name: '주문/예약',
    groupName: '업무알림',
    inclusion: '가맹점·판매자에게 보내는 신규 주문·예약 접수 알림',
    exclusion: NO_AD,
  },
  // 쿠폰/포인트 (coupons and points)
  {
    code: '009001',
    name: '쿠폰발급',
    groupName: '쿠폰/포인트',
    inclusion: '이용자가 요청·획득한 쿠폰의 발급 안내',
    exclusion: `요청하지 않은 쿠폰 지급 등 ${NO_AD}`,
  },
  {
    code: '009002',
    name: '쿠폰사용',
    groupName: '쿠폰/포인트',
    inclusion: '쿠폰 사용 완료 안내',
    exclusion: NO_AD,
  },
  {
    code: '009003',
    name: '포인트적립',
    groupName: '쿠폰/포인트',
    inclusion: '포인트 적립 내역',
    exclusion: NO_AD,
  },
  {
    code: '009004',
    name: '포인트사용',
    groupName: '쿠폰/포인트',
    inclusion: '포인트 사용 내역',
    exclusion: NO_AD,
  },
  {
    code: '009005',
    name: '쿠폰/포인트안내',
    groupName: '쿠폰/포인트',
    inclusion: '보유 쿠폰·포인트 잔액, 소멸 예정 안내',
    exclusion: NO_AD,
  },
  // 기타 (other)
  {
    code: '999999',
    name: '기타',
    groupName: '기타',
    inclusion: '위 분류에 속하지 않는 정보성 메시지',
    exclusion: NO_AD,
  },
] satisfies Category[]);

const BY_CODE = new Map(CATEGORIES.map((c) => [c.code, c]));

export function findCategory(code: string): Category | undefined {
  return BY_CODE.get(code);
}
