/** JSON schemas of the chat routes (spec §7 "Chats"). */
import { idString } from './schemas';

export const chatMessageSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    chat_id: { type: 'string' },
    seq: { type: 'integer' },
    role: { type: 'string' },
    content: { type: 'string' },
    name: { type: 'string' },
    send_date: { type: 'string' },
    client_id: { type: ['string', 'null'] },
  },
} as const;

export const recentChatSchema = {
  type: 'object',
  properties: {
    chat_id: { type: 'string' },
    character_name: { type: 'string' },
    character_id: { type: ['string', 'null'] },
    filename: { type: 'string' },
    card_type: { type: 'string' },
    avatar_url: { type: ['string', 'null'] },
    last_message_time: { type: 'string' },
    modified: { type: 'string' },
    created_at: { type: 'string' },
    message_count: { type: 'integer' },
    size: { type: 'integer' },
  },
} as const;

const page = { type: 'integer', minimum: 1, maximum: 100_000, default: 1 } as const;

export const chatListBody = {
  type: 'object',
  properties: {
    user_id: { type: 'string', maxLength: 300 },
    character_id: idString,
    q: { type: 'string', maxLength: 200 },
    page,
    page_size: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
  },
} as const;

export const chatListResponse = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    data: { type: 'array', items: recentChatSchema },
    page: { type: 'integer' },
    page_size: { type: 'integer' },
    total: { type: 'integer' },
    total_pages: { type: 'integer' },
  },
} as const;

export const chatGetBody = {
  type: 'object',
  required: ['chat_id'],
  properties: {
    chat_id: idString,
    page,
    page_size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    before_seq: { type: 'integer', minimum: 0 },
    ch_name: { type: 'string', maxLength: 300 },
    file_name: { type: 'string', maxLength: 300 },
  },
} as const;

export const chatGetResponse = {
  type: 'object',
  properties: { ...chatListResponse.properties, data: { type: 'array', items: chatMessageSchema }, chat: recentChatSchema },
} as const;

export const chatIdBody = {
  type: 'object',
  required: ['chat_id'],
  properties: { chat_id: idString },
} as const;

export const completionBody = {
  type: 'object',
  required: ['chat_id'],
  properties: {
    chat_id: idString,
    character_id: idString,
    messages: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        required: ['role', 'content'],
        properties: { role: { type: 'string', enum: ['system', 'user', 'assistant'] }, content: { type: 'string', maxLength: 200_000 } },
      },
    },
    stream: { type: 'boolean', default: false },
    regenerate: { type: 'boolean', default: false },
    greeting_index: { type: 'integer', minimum: 0, maximum: 1000 },
    card_type: { type: 'string' },
    use_context_management: { type: 'boolean' },
    user_id: { type: 'string' },
    character_name: { type: 'string' },
    character_personality: { type: 'string' },
    character_scenario: { type: 'string' },
    character_description: { type: 'string' },
    character_first_mes: { type: 'string' },
  },
} as const;

export const exportBody = {
  type: 'object',
  required: ['chat_id'],
  properties: { chat_id: idString, character_id: { type: ['string', 'null'] }, exportfilename: { type: 'string', maxLength: 300 } },
} as const;

export const idempotencyHeaders = {
  type: 'object',
  properties: { 'idempotency-key': idString },
} as const;
