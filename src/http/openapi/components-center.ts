import { type TSchema, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schema-types.ts';
import { named } from './components.ts';

/*
 * Named records of the client API's center (/api/comm/v1/center/*): informational and brand
 * message templates, categories, public templates, RCS brand and message bases, group tags,
 * friend groups, videos and broadcasts. The handlers build them as TypeScript views (views.ts,
 * template-view.ts, friend-group-view.ts, video-manage.ts, broadcast-manage.ts, rcs/*.ts); these
 * schemas say the same, field for field, and test/http/openapi-center.test.ts holds every real
 * answer against them.
 */

const Str = (description?: string) => Type.String(description ? { description } : {});
const Int = (description?: string) => Type.Integer(description ? { description } : {});
const Opt = <T extends TSchema>(schema: T) => Type.Optional(schema);
const KST_ISO = 'ISO 8601, Korea time (2026-11-23T10:00:00+09:00)';
const KST_PLAIN = 'yyyy-MM-dd HH:mm:ss, Korea time';

/* ---------- informational templates ---------- */

export const InfomsgButton = named(
  'InfomsgButton',
  Type.Object(
    {
      type: Str('WL, AL, DS, BK, MD, BC, BT or AC'),
      name: Str('The button label'),
      urlMobile: Opt(Str('WL and AL: http(s) URL')),
      urlPc: Opt(Str('WL and AL: http(s) URL')),
      schemeAndroid: Opt(Str('AL: app scheme')),
      schemeIos: Opt(Str('AL: app scheme')),
    },
    { description: 'A button of an informational template' },
  ),
);

export const TemplateVariable = named(
  'InfomsgVariable',
  Type.Object(
    {
      key: Str('The key as written in #{key}'),
      example: Str('Example text the reviewer reads in its place'),
    },
    { description: 'A #{key} variable of an informational template, with its example' },
  ),
);

const TitledText = Type.Object({ title: Str(), description: Str() });

export const InfomsgReviewEntry = named(
  'InfomsgReviewEntry',
  Type.Object(
    {
      type: StringEnum(
        ['REQ', 'CANCEL', 'APR', 'REJ'] as const,
        'request, cancellation, approval, rejection',
      ),
      comment: Str(),
      createdAt: Str(KST_ISO),
      attachment: Nullable(
        Type.Object({
          fileName: Str('As the client named it'),
          url: Str('Where the attachment is served'),
        }),
      ),
    },
    { description: 'One step of a template review' },
  ),
);

export const InfomsgTemplate = named(
  'InfomsgTemplate',
  Type.Object(
    {
      senderKey: Str(),
      senderKeyType: Str('S (profile) or G (group)'),
      templateCode: Str(),
      templateName: Str(),
      templateMessageType: StringEnum(['BA', 'EX', 'AD', 'MI'] as const),
      templateEmphasizeType: StringEnum(['NONE', 'TEXT', 'IMAGE', 'ITEM_LIST'] as const),
      msgType: StringEnum(['AT', 'AI'] as const, 'AI when the template has an image'),
      text: Str('With #{key} variables'),
      extra: Nullable(Str('EX and MI: extra information')),
      ad: Nullable(Str('AD and MI: the channel-add notice')),
      title: Nullable(Str('TEXT emphasis')),
      subtitle: Nullable(Str('TEXT emphasis')),
      header: Nullable(Str('ITEM_LIST')),
      itemHighlight: Nullable(
        Type.Object({ title: Str(), description: Str(), imageUrl: Opt(Str()) }, { description: 'ITEM_LIST' }),
      ),
      item: Nullable(
        Type.Object({ list: Type.Array(TitledText), summary: Opt(TitledText) }, { description: 'ITEM_LIST' }),
      ),
      previewMessage: Nullable(Str('The notification preview')),
      securityFlag: Type.Boolean(),
      categoryCode: Str('A code of GET .../infomsg/category'),
      variables: Type.Array(TemplateVariable),
      buttons: Type.Array(InfomsgButton),
      imgUrl: Nullable(Str()),
      imgName: Nullable(Str()),
      inspectionStatus: StringEnum(
        ['REG', 'REQ', 'APR', 'REJ'] as const,
        'REG registered, REQ under review, APR approved, REJ rejected',
      ),
      status: StringEnum(['R', 'A', 'S'] as const, 'R pending, A usable, S stopped'),
      comment: Str('The last review comment'),
      comments: Type.Array(InfomsgReviewEntry, { description: 'The review history, oldest first' }),
      createdAt: Str(KST_ISO),
      modifiedAt: Str(KST_ISO),
    },
    { description: 'An informational template of one of the account’s sender profiles' },
  ),
);

export const InfomsgTemplatePage = named(
  'InfomsgTemplatePage',
  Type.Object(
    {
      templates: Type.Array(InfomsgTemplate),
      totalCount: Int('Templates matching the filter'),
      offset: Int(),
      limit: Int(),
    },
    { description: 'A page of templates (offset paging)' },
  ),
);

export const InfomsgTemplateChanges = named(
  'InfomsgTemplateChanges',
  Type.Object(
    {
      templates: Type.Array(InfomsgTemplate, { description: 'Oldest change first' }),
      page: Int(),
      count: Int('The page size asked for'),
      hasNext: Type.Boolean(),
    },
    { description: 'Templates changed since a time, a page of them' },
  ),
);

export const InfomsgCategory = named(
  'InfomsgCategory',
  Type.Object(
    {
      code: Str('6 digits: the group’s 3, then the category’s 3'),
      name: Str(),
      groupName: Str(),
      inclusion: Str('What messages of the category are about'),
      exclusion: Str('What does not belong in it'),
    },
    { description: 'A template category' },
  ),
);

export const InfomsgCategories = named(
  'InfomsgCategories',
  Type.Object(
    {
      categories: Opt(Type.Array(InfomsgCategory, { description: 'Every category (no categoryCode given)' })),
      category: Opt(InfomsgCategory),
    },
    { description: 'Every category, or with categoryCode the one category' },
  ),
);

export const PublicTemplate = named(
  'PublicTemplate',
  Type.Object(
    {
      templateName: Str(),
      templateCode: Str(),
      status: StringEnum(['A'] as const, 'Always A: usable from its release on'),
      categoryCode: Str(),
      releaseDate: Str(KST_ISO),
      previewImageUrl: Str('Its SVG preview (GET .../preview, with the API key)'),
      msgType: StringEnum(['AT'] as const),
      text: Str('With #{key} keywords'),
      charCount: Int('The most characters the text may have once substituted'),
      variables: Type.Array(Str(), { description: 'The keywords, in order of first appearance' }),
    },
    { description: 'A ready-made informational template any client may send (lookup only)' },
  ),
);

export const PublicTemplatePage = named(
  'PublicTemplatePage',
  Type.Object(
    { templates: Type.Array(PublicTemplate), page: Int(), count: Int(), hasNext: Type.Boolean() },
    { description: 'Public templates released since a time, a page of them' },
  ),
);

/* ---------- brand message templates ---------- */

const urls = {
  urlMobile: Opt(Str()),
  urlPc: Opt(Str()),
  schemeIos: Opt(Str()),
  schemeAndroid: Opt(Str()),
};

export const BrandButton = named(
  'BrandButton',
  Type.Object(
    { type: Str('WL, AL, BK, MD, ...'), name: Str(), ...urls },
    { description: 'A brand message button' },
  ),
);
export const BrandImage = named(
  'BrandImage',
  Type.Object(
    { imgUrl: Str('An image uploaded to this gateway'), imgLink: Opt(Str()) },
    { description: 'A brand message image' },
  ),
);
export const BrandCoupon = named(
  'BrandCoupon',
  Type.Object({ title: Str(), description: Opt(Str()), ...urls }, { description: 'A brand message coupon' }),
);
export const BrandCommerce = named(
  'BrandCommerce',
  Type.Object(
    {
      title: Str(),
      regularPrice: Int(),
      discountPrice: Opt(Int()),
      discountRate: Opt(Int()),
      discountFixed: Opt(Int()),
    },
    { description: 'A commerce block' },
  ),
);
export const BrandItem = named(
  'BrandItem',
  Type.Object(
    { title: Str(), description: Opt(Str()), imgUrl: Str(), urlMobile: Str(), urlPc: Opt(Str()) },
    { description: 'An entry of a wide item list or a catalog' },
  ),
);
export const BrandVideo = named(
  'BrandVideo',
  Type.Object({ videoUrl: Str(), thumbnailUrl: Opt(Str()) }, { description: 'A premium video' }),
);

const attachmentFields = {
  button: Opt(Type.Array(BrandButton)),
  image: Opt(BrandImage),
  coupon: Opt(BrandCoupon),
  commerce: Opt(BrandCommerce),
};

export const BrandAttachment = named(
  'BrandAttachment',
  Type.Object(
    { ...attachmentFields, item: Opt(Type.Object({ list: Type.Array(BrandItem) })), video: Opt(BrandVideo) },
    { description: 'The structures of a template, as registered (what its msgType takes)' },
  ),
);

export const BrandCarousel = named(
  'BrandCarousel',
  Type.Object(
    {
      head: Opt(
        Type.Object(
          { header: Str(), content: Str(), imgUrl: Opt(Str()), urlMobile: Opt(Str()), urlPc: Opt(Str()) },
          { description: 'The intro card of a carousel commerce' },
        ),
      ),
      list: Type.Array(
        Type.Object({
          header: Opt(Str()),
          message: Opt(Str()),
          additionalContent: Opt(Str()),
          attachment: Type.Object({ ...attachmentFields, image: BrandImage }),
        }),
        { description: '2 to 10 cards' },
      ),
      tail: Opt(
        Type.Object(
          { urlMobile: Str(), urlPc: Opt(Str()), schemeIos: Opt(Str()), schemeAndroid: Opt(Str()) },
          { description: 'The "more" link after the last card' },
        ),
      ),
    },
    { description: 'A carousel (CAROUSEL_FEED, CAROUSEL_COMMERCE)' },
  ),
);

export const BrandMessageTemplate = named(
  'BrandMessageTemplate',
  Type.Object(
    {
      senderKey: Str(),
      senderKeyType: Str('S (profile) or G (group)'),
      sendType: Str('Always basic'),
      templateCode: Str(),
      templateName: Str(),
      msgType: Str('As registered (TEXT or FT, IMAGE or FI, ...)'),
      text: Str('With #{key} variables'),
      pushAlarm: StringEnum(['Y', 'N'] as const),
      adult: StringEnum(['Y', 'N'] as const),
      header: Opt(Str()),
      additionalContent: Opt(Str()),
      attachment: Opt(BrandAttachment),
      carousel: Opt(BrandCarousel),
      discountRate: Opt(Int('1 to 100')),
      variables: Type.Array(Str(), { description: 'The #{key} variables: a broadcast needs none' }),
      status: Str('A: registered (usable at once, no review)'),
      createAt: Str(KST_ISO),
      modifiedAt: Str(KST_ISO),
    },
    { description: 'A brand message template; a GET answer can be PUT back' },
  ),
);

export const BrandMessageTemplatePage = named(
  'BrandMessageTemplatePage',
  Type.Object(
    { templates: Type.Array(BrandMessageTemplate), offset: Int(), limit: Int(), totalCount: Int() },
    { description: 'A page of brand message templates (offset paging)' },
  ),
);

export const BrandMessageTemplateChanges = named(
  'BrandMessageTemplateChanges',
  Type.Object(
    {
      templates: Type.Array(BrandMessageTemplate, { description: 'Latest change first' }),
      page: Int(),
      count: Int('The page size asked for'),
      hasNext: Type.Boolean(),
    },
    { description: 'Brand message templates changed since a time, a page of them' },
  ),
);

/* ---------- group tags, friend groups, audience ---------- */

export const GroupTag = named(
  'GroupTag',
  Type.Object(
    {
      senderKey: Str(),
      groupTagKey: Str(),
      groupTagName: Str(),
      createdAt: Str(KST_ISO),
      modifiedAt: Str(KST_ISO),
    },
    { description: 'A group tag of a sender profile' },
  ),
);

export const GroupTags = named(
  'GroupTags',
  Type.Object(
    { groupTags: Type.Array(GroupTag) },
    { description: 'Group tags (one entry when a single tag was created, renamed or read)' },
  ),
);

const FriendGroupStatus = StringEnum(
  ['IN_PROGRESS', 'COMPLETED'] as const,
  'IN_PROGRESS until processed (a few seconds), then COMPLETED',
);

export const FriendGroupFile = named(
  'FriendGroupFile',
  Type.Object(
    {
      fileKey: Str('Names the list in a registration or a change'),
      expiredAt: Str(`${KST_ISO}: from then on the fileKey is unknown (24 hours)`),
      phoneNumberCount: Int('Distinct numbers in the list'),
    },
    { description: 'An uploaded phone-number list' },
  ),
);

const acceptedFields = {
  senderKey: Str(),
  friendGroupKey: Str(),
  requestId: Str('The request that processing answers'),
  status: FriendGroupStatus,
  phoneNumberCount: Int('Numbers in the group now'),
  createdAt: Str(KST_ISO),
  modifiedAt: Str(KST_ISO),
};

export const FriendGroupAccepted = named(
  'FriendGroupAccepted',
  Type.Object(acceptedFields, { description: 'A friend group registration, accepted (IN_PROGRESS)' }),
);

export const FriendGroupChanged = named(
  'FriendGroupChanged',
  Type.Object(
    {
      ...acceptedFields,
      changedCount: Int('Numbers added that were not in the group, or removed that were'),
    },
    { description: 'A change of a friend group’s numbers, accepted (processed again)' },
  ),
);

export const FriendGroup = named(
  'FriendGroup',
  Type.Object(
    {
      senderKey: Str(),
      friendGroupKey: Str(),
      requestId: Str(),
      status: FriendGroupStatus,
      userCount: Int('App users found by the last processing (0 before the first)'),
      friendCount: Int('Friends of the profile found by the last processing'),
      phoneNumberCount: Int('Numbers in the group now'),
      createdAt: Str(KST_ISO),
      modifiedAt: Str(KST_ISO),
    },
    { description: 'A friend group with the counts of its last processing' },
  ),
);

export const FriendGroupList = named(
  'FriendGroupList',
  Type.Object(
    { friendGroups: Type.Array(FriendGroup), totalCount: Int() },
    { description: 'The friend groups of a sender profile' },
  ),
);

export const AudiencePossible = named(
  'AudiencePossible',
  Type.Object({ possible: Int('How many would receive it') }, { description: 'An audience count' }),
);

export const FriendCount = named(
  'FriendCount',
  Type.Object({ count: Int('The channel’s friends') }, { description: 'A sender profile’s friend count' }),
);

/* ---------- videos ---------- */

const VideoStatus = StringEnum([
  'REGISTERED',
  'ENCODING',
  'PUBLIC',
  'PRIVATE',
  'VIOLATED',
  'ILLEGAL',
  'DELETED',
  'ERROR',
] as const);

export const VideoUploadTicket = named(
  'VideoUploadTicket',
  Type.Object(
    {
      vid: Str(),
      uploadUrl: Str('Where to POST the file (form-data part file) with the token'),
      token: Str('Send as the x-upload-token header'),
      status: StringEnum(['REGISTERED'] as const),
      expiredAt: Str(`${KST_ISO}: the address and token work until then (5 minutes)`),
    },
    { description: 'A registered video upload: its address and token' },
  ),
);

export const VideoRegistered = named(
  'VideoRegistered',
  Type.Object(
    {
      vid: Str(),
      status: StringEnum(['PUBLIC', 'PRIVATE'] as const),
      title: Str(),
      thumbnailUrl: Nullable(Str()),
      videoUrl: Str('What a brand message names'),
    },
    { description: 'An existing video registered for brand messages' },
  ),
);

export const Video = named(
  'Video',
  Type.Object(
    {
      vid: Str(),
      status: VideoStatus,
      title: Str(),
      thumbnailUrl: Nullable(Str('Null until encoded')),
      videoUrl: Str('https://<channel_host>/<channel_id>/videos/<vid>'),
      fileName: Str(),
      fileSize: Int('Bytes'),
      senderKey: Str(),
      modifiedAt: Str(KST_ISO),
      regDate: Str(KST_PLAIN),
      updateDate: Str(KST_PLAIN),
    },
    { description: 'A brand message video' },
  ),
);

export const VideoPage = named(
  'VideoPage',
  Type.Object(
    { offset: Int(), limit: Int(), totalCount: Int(), videos: Type.Array(Video) },
    { description: 'Videos of a channel, in registration order (offset paging)' },
  ),
);

export const VideoUploaded = named(
  'VideoUploaded',
  Type.Object(
    {
      vid: Str(),
      status: StringEnum(['ENCODING'] as const, 'Encoded on the gateway clock, then PUBLIC'),
      fileName: Str(),
      fileSize: Int(),
    },
    { description: 'A video file received at its upload address' },
  ),
);

/* ---------- broadcasts ---------- */

export const Broadcast = named(
  'Broadcast',
  Type.Object(
    {
      requestId: Str(
        "The broadcast's id as a digit string (the requests that name it take a number or this string)",
      ),
      status: StringEnum(['READY', 'SENDING', 'PAUSED', 'TERMINATED', 'DONE', 'BLOCKED'] as const),
      sendStartAt: Str(KST_PLAIN),
      campaignId: Str('"" when none was given'),
      tpsLimit: Int('Messages a second'),
      pushAlarm: StringEnum(['Y', 'N'] as const),
      expectedCount: Int('Recipients counted when it was scheduled'),
      sendCount: Int('Messages handed over so far'),
      senderKey: Str(),
      templateCode: Str(),
      msgType: Str(),
      friendGroupKey: Nullable(Str('Null: all friends of the profile')),
      doneAt: Nullable(Str(`${KST_PLAIN}: when it was done, terminated or blocked`)),
    },
    { description: 'A brand message broadcast (groupMessage)' },
  ),
);

export const BroadcastEstimate = named(
  'BroadcastEstimate',
  Type.Object(
    {
      estimatedFinishedAt: Str('yyyy-MM-ddTHH:mm:ss, Korea time'),
      duration: Int('Seconds from startTime, nights (20:50-08:00) included'),
    },
    { description: 'When a broadcast would finish' },
  ),
);

/* ---------- RCS ---------- */

export const RcsBrand = named(
  'RcsBrand',
  Type.Object(
    {
      brandId: Str(),
      name: Str(),
      brandKey: Str('What an RCS send names'),
      status: Str('ready; inspecting while a change is reviewed; or a status the operator set'),
      description: Opt(Str()),
      tel: Opt(Str()),
      webSiteUrl: Opt(Str()),
      profileImageUrl: Opt(Str()),
      backgroundImageUrl: Opt(Str()),
      seasonDocFileName: Opt(Str()),
      registerDate: Str(KST_PLAIN),
      updateDate: Str(`${KST_PLAIN}: the last change`),
    },
    { description: 'The account’s RCS brand (absent fields were never set)' },
  ),
);

export const RcsMessageFormSummary = named(
  'RcsMessageFormSummary',
  Type.Object(
    {
      messagebaseformId: Str('The formatId an RCS send names'),
      formName: Str(),
      bizCondition: Type.Array(Str()),
      cardType: StringEnum(['free', 'standalone', 'carousel'] as const),
      registerDate: Str(KST_PLAIN),
      updateDate: Str(KST_PLAIN),
    },
    { description: 'A common message format, as listed' },
  ),
);

export const RcsMessageForm = named(
  'RcsMessageForm',
  Type.Object(
    {
      formatId: Str(),
      formName: Str(),
      templateName: Str(),
      msgType: StringEnum(['RS', 'RL', 'RT', 'RM'] as const),
      maxChars: Int('Body limit in characters; per card for a carousel'),
      titleMaxChars: Nullable(Int('Null: the format has no title')),
      cardType: StringEnum(['free', 'standalone', 'carousel'] as const),
      cardCount: Int(),
      bizCondition: Type.Array(Str()),
      body: Type.Array(
        Type.Union([
          Type.Object({
            param: StringEnum(['title', 'description'] as const),
            card: Int(),
            type: StringEnum(['text'] as const),
            required: Type.Boolean(),
            maxLength: Int(),
          }),
          Type.Object({
            param: StringEnum(['media'] as const),
            card: Int(),
            type: StringEnum(['image'] as const),
            required: Type.Boolean(),
            recommendedWidth: Int(),
            recommendedHeight: Int(),
          }),
        ]),
        { description: 'The fields a message of the format fills, per card (from 1)' },
      ),
      buttons: Type.Object({
        suggestions: Type.Array(
          Type.Object({
            type: StringEnum([
              'urlAction',
              'dialerAction',
              'clipboardAction',
              'mapAction',
              'calendarAction',
              'composeAction',
            ] as const),
            name: Str(),
            displayTextMaxLength: Int(),
          }),
        ),
      }),
      policyInfo: Type.Object({
        buttonsAllowed: Type.Boolean(),
        maxButtonCount: Int('Per card for a carousel'),
      }),
      registerDate: Str(KST_PLAIN),
      updateDate: Str(KST_PLAIN),
    },
    { description: 'A common message format with every limit a message of it must keep' },
  ),
);

export const RcsImage = named(
  'RcsImage',
  Type.Object(
    {
      fileId: Str(),
      fileName: Str(),
      imageWidth: Int(),
      imageHeight: Int(),
      imageUrl: Str('Where the bytes are served (no credentials)'),
      registerDate: Str(KST_PLAIN),
    },
    { description: 'An image of the brand’s message bases' },
  ),
);

export const RcsLogo = named(
  'RcsLogo',
  Type.Object(
    {
      fileId: Str(),
      fileName: Str(),
      imageWidth: Int(),
      imageHeight: Int(),
      imageUrl: Str('GET it with the API key: PNG bytes'),
    },
    { description: 'A stock logo a text format offers' },
  ),
);
