import type {
  ApproveRequest,
  ContentRating,
  ContentSettings,
  CreatorSettings,
  ReportRequest,
  ReportResponse,
  ReviewQueue,
  ReviewStatus,
  SuccessResponse,
  UserProfile,
} from '@core/contract';
import { apiJson } from './client';

const card = (fileId: string) => encodeURIComponent(fileId);

export const submitCard = (fileId: string, contentRating: ContentRating) =>
  apiJson<ReviewStatus>(`publishing/${card(fileId)}/submit`, { method: 'post', json: { content_rating: contentRating } });

export const unpublishCard = (fileId: string) => apiJson<ReviewStatus>(`publishing/${card(fileId)}/unpublish`, { method: 'post' });

/** A report is never retried by the client itself: a 429 names a wait of up to an hour. */
export const sendReport = (report: ReportRequest) => apiJson<ReportResponse>('reports', { method: 'post', json: report, retry: 0 });

export const updateCreator = (settings: CreatorSettings) => apiJson<UserProfile>('users/me/creator', { method: 'put', json: settings });

export const updateContentSettings = (settings: ContentSettings) =>
  apiJson<UserProfile>('users/me/content', { method: 'put', json: settings });

export const getReviewQueue = () => apiJson<ReviewQueue>('admin/review');

export const approveCard = (fileId: string, request: ApproveRequest) =>
  apiJson<SuccessResponse>(`admin/review/${card(fileId)}/approve`, { method: 'post', json: request });

export const rejectCard = (fileId: string, reason: string) =>
  apiJson<SuccessResponse>(`admin/review/${card(fileId)}/reject`, { method: 'post', json: { reason } });

export const unpublishAsAdmin = (fileId: string, reason: string) =>
  apiJson<SuccessResponse>(`admin/review/${card(fileId)}/unpublish`, { method: 'post', json: { reason } });

export const dismissReport = (id: string) =>
  apiJson<SuccessResponse>(`admin/reports/${encodeURIComponent(id)}/dismiss`, { method: 'post' });
