import { createFileRoute } from '@tanstack/react-router';
import { FavoritesPage } from '../../features/favorites/FavoritesPage';

export const Route = createFileRoute('/_signedIn/favorites')({
  staticData: { signedOut: { header: 'My Favorites', title: 'Please log in to view your favorites' } },
  component: FavoritesPage,
});
