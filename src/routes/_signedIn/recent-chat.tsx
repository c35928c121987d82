import { createFileRoute } from '@tanstack/react-router';
import { validateChatSearch } from '../../features/chat/chatSearch';
import { RecentChatPage } from '../../features/chat/RecentChatPage';

export const Route = createFileRoute('/_signedIn/recent-chat')({
  validateSearch: validateChatSearch,
  staticData: { signedOut: { title: 'User not authenticated. Please log in to view chat records.', action: 'Go to Login' } },
  component: RecentChatPage,
});
