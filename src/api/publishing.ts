import type { ApproveRequest, ContentRating, ContentSettings, CreatorSettings, ReportRequest } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

const card = (fileId: string) => ({ file_id: fileId });

export const submitCard = (fileId: string, contentRating: ContentRating) =>
  api(routes.submitCard, { params: card(fileId), body: { content_rating: contentRating } });

export const unpublishCard = (fileId: string) => api(routes.unpublishCard, { params: card(fileId) });

/** A report is never tried again by the client itself: a 429 names a wait of up to an hour. */
export const sendReport = (report: ReportRequest) => api(routes.report, { body: report }, { once: true });

export const updateCreator = (settings: CreatorSettings) => api(routes.updateCreator, { body: settings });

export const updateContentSettings = (settings: ContentSettings) => api(routes.updateContent, { body: settings });

export const getReviewQueue = () => api(routes.reviewQueue, {});

export const approveCard = (fileId: string, request: ApproveRequest) => api(routes.approveCard, { params: card(fileId), body: request });

export const rejectCard = (fileId: string, reason: string) => api(routes.rejectCard, { params: card(fileId), body: { reason } });

export const unpublishAsAdmin = (fileId: string, reason: string) =>
  api(routes.unpublishAsAdmin, { params: card(fileId), body: { reason } });

export const dismissReport = (id: string) => api(routes.dismissReport, { params: { id } });
