import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/personas';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { MESSAGE_AVATAR_TOO_LARGE } from '../services/personas/avatar';
import { changePersona, newPersona, personaAvatar, personaList, removePersona } from '../services/personas/index';

/** Who the user is in their chats: personas to keep, change and delete, each with an optional avatar. */
export const personaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A body is over its limit only when the picture in it is: say so in those words.
  const withPicture = { bodyLimit: contract.PERSONA_BODY_LIMIT, config: { payloadTooLargeMessage: MESSAGE_AVATAR_TOO_LARGE } };

  app.route({
    ...endpoint(contract.listPersonas),
    preHandler: app.authenticate,
    handler: async (request) => personaList(request.ctx, signedIn(request)),
  });

  app.route({
    ...endpoint(contract.createPersona),
    preHandler: app.authenticate,
    ...withPicture,
    handler: async (request, reply) => reply.code(201).send(await newPersona(request.ctx, signedIn(request), request.body)),
  });

  app.route({
    ...endpoint(contract.updatePersona),
    preHandler: app.authenticate,
    ...withPicture,
    handler: async (request) => changePersona(request.ctx, signedIn(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(contract.deletePersona),
    preHandler: app.authenticate,
    handler: async (request) => removePersona(request.ctx, signedIn(request), request.params.id),
  });

  app.route({
    ...endpoint(contract.personaAvatar),
    preHandler: app.authenticate,
    handler: async (request, reply) => {
      const stream = await personaAvatar(request.ctx, signedIn(request), request.params.id);
      return reply.type('image/webp').header('cache-control', 'private, no-store').send(stream);
    },
  });
};
