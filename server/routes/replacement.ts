import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/replacement';
import { endpoint } from './endpoint';
import { userType } from '@core/contract/users';
import { signedIn } from '../auth/signedIn';
import { deleteCharacterChats } from '../services/chats/deletes';
import { characterUsage } from '../services/chats/reads';
import { MESSAGE_TOO_BIG, replaceCharacter } from '../services/replacement';

/** Character replacement: a paid plan's new picture for one of its cards (docs/PRODUCT.md, Screens: Change Character). */
export const replacementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(userType),
    preHandler: app.authenticate,
    handler: async (request) => ({
      user_type: signedIn(request).plan,
    }),
  });

  // Asked before a card is deleted: its chats go too, so the user is warned twice when it has any.
  app.route({
    ...endpoint(contract.characterUsage),
    preHandler: app.authenticate,
    handler: async (request) => characterUsage(request.ctx, signedIn(request), request.params.id),
  });

  app.route({
    ...endpoint(contract.deleteCharacterChats),
    preHandler: app.authenticate,
    handler: async (request) => deleteCharacterChats(request.ctx, signedIn(request), request.params.id),
  });

  app.route({
    ...endpoint(contract.replace),
    preHandler: app.authenticate,
    bodyLimit: contract.REPLACE_BODY_LIMIT,
    // The body is over its limit only when the image in it is: say so in the dialog's words.
    config: { payloadTooLargeMessage: MESSAGE_TOO_BIG },
    handler: async (request) => {
      const result = await replaceCharacter(request.ctx, signedIn(request), request.body);
      return { success: true as const, message: 'Character image replaced', ...result };
    },
  });
};
