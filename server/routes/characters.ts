import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/cards';
import * as cardEdits from '@core/contract/cardEdits';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { generateCharacterPhoto } from '../services/characterPhoto';
import { viewerOf } from '../services/cardHits';
import { characterDetails, userCharacters } from '../services/images/reads';

/** Cards as characters to chat with: the user's own list, and details of any card the user may see. */
export const characterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.chatCharacters),
    preHandler: app.authenticate,
    handler: async (request) => userCharacters(request.ctx, signedIn(request)),
  });

  // Details by file id: public cards for anyone, private ones for their owner; counts a view (once a day per viewer).
  app.route({
    ...endpoint(contract.characterDetails),
    preHandler: app.authenticateIfPresent,
    handler: async (request) => characterDetails(request.ctx, request.params.file_id, request.user, viewerOf(request.user, request.ip)),
  });

  // The editor's 'Generate Photo': a PNG to crop, stored nowhere until the character is saved.
  app.route({
    ...endpoint(cardEdits.characterPhoto),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const png = await generateCharacterPhoto(request.ctx, signedIn(request), request.body);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  });
};
