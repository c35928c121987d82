import { createFileRoute } from '@tanstack/react-router';
import { CollectionsPage } from '../../features/collections/CollectionsPage';

export const Route = createFileRoute('/_signedIn/collections')({
  staticData: {
    signedOut: { header: 'My Collections', title: 'Authentication Required', text: 'Please log in to view your collections.' },
  },
  component: CollectionsPage,
});
