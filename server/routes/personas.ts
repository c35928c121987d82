import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/personas';
import { signedIn } from '../auth/signedIn';
import { MESSAGE_AVATAR_TOO_LARGE } from '../services/personas/avatar';
import { changePersona, newPersona, personaAvatar, personaList, removePersona } from '../services/personas/index';

/** Who the user is in their chats: personas to keep, change and delete, each with an optional avatar. */
export const personaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A body is over its limit only when the picture in it is: say so in those words.
  const withPicture = { bodyLimit: contract.PERSONA_BODY_LIMIT, config: { payloadTooLargeMessage: MESSAGE_AVATAR_TOO_LARGE } };

  app.get('/api/personas', { preHandler: app.authenticate, schema: contract.listPersonas }, async (request) =>
    personaList(request.ctx, signedIn(request)),
  );

  app.post('/api/personas', { preHandler: app.authenticate, schema: contract.createPersona, ...withPicture }, async (request, reply) =>
    reply.code(201).send(await newPersona(request.ctx, signedIn(request), request.body)),
  );

  app.put('/api/personas/:id', { preHandler: app.authenticate, schema: contract.updatePersona, ...withPicture }, async (request) =>
    changePersona(request.ctx, signedIn(request), request.params.id, request.body),
  );

  app.delete('/api/personas/:id', { preHandler: app.authenticate, schema: contract.deletePersona }, async (request) =>
    removePersona(request.ctx, signedIn(request), request.params.id),
  );

  app.get('/api/personas/:id/avatar', { preHandler: app.authenticate, schema: contract.personaAvatar }, async (request, reply) => {
    const stream = await personaAvatar(request.ctx, signedIn(request), request.params.id);
    return reply.type('image/webp').header('cache-control', 'private, no-store').send(stream);
  });
};
