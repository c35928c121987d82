import { createFileRoute } from '@tanstack/react-router';
import { validateChatSearch } from '../features/chat/chatSearch';
import { RecentChatRoute } from '../features/chat/RecentChatRoute';

export const Route = createFileRoute('/recent-chat')({
  validateSearch: validateChatSearch,
  component: RecentChatRoute,
});
