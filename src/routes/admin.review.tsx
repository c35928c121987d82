import { createFileRoute } from '@tanstack/react-router';
import { ReviewPage } from '../features/review/ReviewPage';

/** The administrators' review queue; to anyone else it is a page that does not exist. */
export const Route = createFileRoute('/admin/review')({
  component: ReviewPage,
});
