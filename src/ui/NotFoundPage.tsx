import { Link } from '@tanstack/react-router';
import { PageHeader } from './PageHeader';

/** What an address that leads nowhere shows (and a page that is not this person's to see, like the review queue). */
export function NotFoundPage() {
  return (
    <PageHeader title="Page not found">
      <p>
        There is nothing at this address. <Link to="/">Back to Home</Link>
      </p>
    </PageHeader>
  );
}
