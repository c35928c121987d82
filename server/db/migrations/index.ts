import type { Migration } from 'kysely';
import * as users from './2026-11-21T06-00_users';
import * as localAccounts from './2026-11-21T06-30_local_accounts';
import * as images from './2026-11-21T07-30_images';
import * as chats from './2026-11-21T09-00_chats';
import * as providerKeys from './2026-11-21T12-00_provider_keys';
import * as galleryOrderIndex from './2026-11-21T13-00_gallery_order_index';
import * as storage from './2026-11-22T09-00_storage';
import * as messageSwipes from './2026-11-25T19-12_message_swipes';
import * as accountRights from './2026-11-25T19-20_account_rights';
import * as personas from './2026-11-25T21-40_personas';
import * as hiddenMessagesChatMetadata from './2026-11-25T22-00_hidden_messages_chat_metadata';
import * as chatTitlesMessageSearch from './2026-11-27T20-40_chat_titles_message_search';
import * as jobs from './2026-11-27T21-15_jobs';
import * as signUpRequests from './2026-11-27T22-09_sign_up_requests';
import * as publishing from './2026-11-27T22-20_publishing';
import * as stoppedReplies from './2026-11-28T00-30_stopped_replies';
import * as chatPrompts from './2026-11-28T03-11_chat_prompts';
import * as chatBranches from './2026-11-28T03-12_chat_branches';
import * as aiSettings from './2026-11-28T03-13_ai_settings';
import * as messageModels from './2026-11-28T03-41_message_models';
import * as messageReasoning from './2026-11-28T06-46_message_reasoning';
import * as events from './2026-11-28T06-47_events';
import * as messageSearchBatches from './2026-11-28T06-47_message_search_batches';
import * as groupChats from './2026-11-28T06-48_group_chats';
import * as userAiKeys from './2026-11-28T07-20_user_ai_keys';
import * as messageFileFields from './2026-11-28T07-40_message_file_fields';

/**
 * Every migration, oldest first. Append only: a migration that has shipped is never edited,
 * renamed or removed, because databases in the field have already recorded it.
 * Names are UTC timestamps so that branches merged in any order still sort by when they were written.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T06-00_users': users,
  '2026-11-21T06-30_local_accounts': localAccounts,
  '2026-11-21T07-30_images': images,
  '2026-11-21T09-00_chats': chats,
  '2026-11-21T12-00_provider_keys': providerKeys,
  '2026-11-21T13-00_gallery_order_index': galleryOrderIndex,
  '2026-11-22T09-00_storage': storage,
  '2026-11-25T19-12_message_swipes': messageSwipes,
  '2026-11-25T19-20_account_rights': accountRights,
  '2026-11-25T21-40_personas': personas,
  '2026-11-25T22-00_hidden_messages_chat_metadata': hiddenMessagesChatMetadata,
  '2026-11-27T20-40_chat_titles_message_search': chatTitlesMessageSearch,
  '2026-11-27T21-15_jobs': jobs,
  '2026-11-27T22-09_sign_up_requests': signUpRequests,
  '2026-11-27T22-20_publishing': publishing,
  '2026-11-28T00-30_stopped_replies': stoppedReplies,
  '2026-11-28T03-11_chat_prompts': chatPrompts,
  '2026-11-28T03-12_chat_branches': chatBranches,
  '2026-11-28T03-13_ai_settings': aiSettings,
  '2026-11-28T03-41_message_models': messageModels,
  '2026-11-28T06-46_message_reasoning': messageReasoning,
  '2026-11-28T06-47_events': events,
  '2026-11-28T06-47_message_search_batches': messageSearchBatches,
  '2026-11-28T06-48_group_chats': groupChats,
  '2026-11-28T07-20_user_ai_keys': userAiKeys,
  '2026-11-28T07-40_message_file_fields': messageFileFields,
};
