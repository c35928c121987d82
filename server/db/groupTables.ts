/** A group chat's members. */
import type { Generated } from 'kysely';

/** A group chat's characters, in order. */
export interface ChatMembersTable {
  id: string;
  chat_id: string;
  /** Null once the card was deleted: the member keeps its name and messages. */
  image_id: string | null;
  name: string;
  card_type: 'public' | 'user';
  position: number;
  /** 1: stays in the story, never picked to speak. */
  muted: Generated<number>;
}
