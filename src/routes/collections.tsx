import { createFileRoute } from '@tanstack/react-router';
import { CollectionsScreen } from '../features/collections/CollectionsScreen';

export const Route = createFileRoute('/collections')({
  component: CollectionsScreen,
});
