import { createFileRoute } from '@tanstack/react-router';
import { FavoritesRoute } from '../features/favorites/FavoritesRoute';

export const Route = createFileRoute('/favorites')({
  component: FavoritesRoute,
});
