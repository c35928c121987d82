/** Publishing with review, the administrators' queue, and reports. */
import { Type, type Static } from 'typebox';
import * as routes from './routes';
import { WholeCard } from './cards';
import { FileIdParams, Id, IdParams, NullableString, StringEnum, SuccessResponse, type Endpoint } from './common';
import { PUBLISHING_LIMITS, REPORT_REASONS } from './publishingLimits';

export const ContentRating = StringEnum(['sfw', 'nsfw']);
export type ContentRating = Static<typeof ContentRating>;

export const ReviewState = StringEnum(['private', 'submitted', 'published', 'rejected']);
export type ReviewState = Static<typeof ReviewState>;

/** Where one of the creator's cards stands (only its owner is told). */
export const ReviewStatus = Type.Object({
  state: ReviewState,
  content_rating: ContentRating,
  /** Why a review rejected the card or an administrator unpublished it; null otherwise. */
  note: NullableString(),
  /** An edit of the published card: waiting for review ('submitted'), or 'rejected' (see changes_note); null when none. */
  changes: Type.Unsafe<'submitted' | 'rejected' | null>({ type: ['string', 'null'], enum: ['submitted', 'rejected', null] }),
  changes_note: NullableString(),
});
export type ReviewStatus = Static<typeof ReviewStatus>;

export const SubmitRequest = Type.Object({ content_rating: ContentRating }, { additionalProperties: false });
export type SubmitRequest = Static<typeof SubmitRequest>;

const Note = Type.String({ minLength: 1, maxLength: PUBLISHING_LIMITS.noteChars, pattern: '\\S' });

/** An administrator's approval; the rating may be corrected on the way. */
export const ApproveRequest = Type.Object({ content_rating: Type.Optional(ContentRating) }, { additionalProperties: false });
export type ApproveRequest = Static<typeof ApproveRequest>;
/** A rejection or an unpublish: the reason the creator is shown. */
export const ReasonRequest = Type.Object({ reason: Note }, { additionalProperties: false });
export type ReasonRequest = Static<typeof ReasonRequest>;

/** A card waiting in the administrators' queue: a first submission, or changes to a published card. */
export const ReviewItem = Type.Object({
  file_id: Type.String(),
  kind: StringEnum(['submission', 'changes']),
  name: Type.String(),
  /** For changes: the published version's name. */
  published_name: NullableString(),
  creator_handle: NullableString(),
  content_rating: ContentRating,
  submitted_at: Type.String(),
  /** The version to review, whole. */
  card: WholeCard,
  /** Its portrait (administrators only). */
  picture_url: Type.String(),
});
export type ReviewItem = Static<typeof ReviewItem>;

export const ReportItem = Type.Object({
  id: Type.String(),
  file_id: Type.String(),
  card_name: Type.String(),
  creator_handle: NullableString(),
  reporter_handle: NullableString(),
  reason: Type.String(),
  details: Type.String(),
  created_at: Type.String(),
  picture_url: Type.String(),
  /** Whether the card is still in the gallery. */
  card_public: Type.Boolean(),
});
export type ReportItem = Static<typeof ReportItem>;

export const ReviewQueue = Type.Object({
  submissions: Type.Array(ReviewItem),
  reports: Type.Array(ReportItem),
});
export type ReviewQueue = Static<typeof ReviewQueue>;

const ReportReason = StringEnum(Object.keys(REPORT_REASONS) as (keyof typeof REPORT_REASONS)[]);

export const ReportRequest = Type.Object(
  {
    file_id: Id,
    reason: ReportReason,
    details: Type.String({ maxLength: PUBLISHING_LIMITS.reportChars }),
  },
  { additionalProperties: false },
);
export type ReportRequest = Static<typeof ReportRequest>;

export const ReportResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** False when this person's open report of the card was there already (a retry, or a second tap). */
  created: Type.Boolean(),
});
export type ReportResponse = Static<typeof ReportResponse>;

export const submitCard = {
  ...routes.submitCard,
  params: FileIdParams,
  body: SubmitRequest,
  response: { 200: ReviewStatus },
} satisfies Endpoint;
export const unpublishCard = { ...routes.unpublishCard, params: FileIdParams, response: { 200: ReviewStatus } } satisfies Endpoint;
export const reviewQueue = { ...routes.reviewQueue, response: { 200: ReviewQueue } } satisfies Endpoint;
export const approveCard = {
  ...routes.approveCard,
  params: FileIdParams,
  body: ApproveRequest,
  response: { 200: SuccessResponse },
} satisfies Endpoint;
export const rejectCard = {
  ...routes.rejectCard,
  params: FileIdParams,
  body: ReasonRequest,
  response: { 200: SuccessResponse },
} satisfies Endpoint;
export const unpublishAsAdmin = {
  ...routes.unpublishAsAdmin,
  params: FileIdParams,
  body: ReasonRequest,
  response: { 200: SuccessResponse },
} satisfies Endpoint;
export const dismissReport = { ...routes.dismissReport, params: IdParams, response: { 200: SuccessResponse } } satisfies Endpoint;
/** The portrait of the version under review: bytes. */
export const reviewPicture = { ...routes.reviewPicture, params: FileIdParams, response: {} } satisfies Endpoint;
export const report = { ...routes.report, body: ReportRequest, response: { 200: ReportResponse } } satisfies Endpoint;
