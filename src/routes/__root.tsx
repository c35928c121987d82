import { createRootRoute, Link } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import { PageHeader } from '../ui/PageHeader';

function NotFound() {
  return (
    <PageHeader title="Page not found">
      <p>
        There is nothing at this address. <Link to="/">Back to Home</Link>
      </p>
    </PageHeader>
  );
}

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFound,
});
