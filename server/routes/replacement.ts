import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/replacement';
import { userType } from '@core/contract/users';
import { signedIn } from '../auth/signedIn';
import { deleteCharacterChats } from '../services/chats/deletes';
import { characterUsage } from '../services/chats/reads';
import { MESSAGE_TOO_BIG, replaceCharacter } from '../services/replacement';

/** Character replacement (spec §4 "Replace-character flow", §7 "Character replacement"). */
export const replacementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/character-replacement/user-type', { preHandler: app.authenticate, schema: userType }, async (request) => ({
    user_type: signedIn(request).plan,
  }));

  // Asked before a card is deleted: its chats go too, so the user is warned twice when it has any.
  app.get(
    '/api/character-replacement/character-usage/:id',
    { preHandler: app.authenticate, schema: contract.characterUsage },
    async (request) => characterUsage(request.ctx, signedIn(request), request.params.id),
  );

  app.delete(
    '/api/character-replacement/character-chats/:id',
    { preHandler: app.authenticate, schema: contract.deleteCharacterChats },
    async (request) => deleteCharacterChats(request.ctx, signedIn(request), request.params.id),
  );

  app.post(
    '/api/character-replacement/replace',
    {
      preHandler: app.authenticate,
      bodyLimit: contract.REPLACE_BODY_LIMIT,
      // The body is over its limit only when the image in it is: say so in the spec's words.
      config: { payloadTooLargeMessage: MESSAGE_TOO_BIG },
      schema: contract.replace,
    },
    async (request) => {
      const result = await replaceCharacter(request.ctx, signedIn(request), request.body);
      return { success: true as const, message: 'Character image replaced', ...result };
    },
  );
};
