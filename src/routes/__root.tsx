import { createRootRoute } from '@tanstack/react-router';
import { AppShell } from '../features/shell/AppShell';
import { NotFoundPage } from '../ui/NotFoundPage';

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFoundPage,
});
