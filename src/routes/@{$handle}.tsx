import { createFileRoute } from '@tanstack/react-router';
import { CreatorPage } from '../features/creators/CreatorPage';

/** A creator's public page: /@handle. */
export const Route = createFileRoute('/@{$handle}')({
  component: function Creator() {
    const { handle } = Route.useParams();
    return <CreatorPage key={handle} handle={handle} />;
  },
});
