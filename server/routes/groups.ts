import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/groups';
import { signedIn } from '../auth/signedIn';
import { addMember, createGroup, muteMember, removeMember } from '../services/groups/members';
import { endpoint } from './endpoint';

/** Group chats: making one, and its members. */
export const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.createGroup),
    preHandler: app.authenticate,
    handler: async (request, reply) => reply.code(201).send(await createGroup(request.ctx, signedIn(request), request.body)),
  });
  app.route({
    ...endpoint(contract.addGroupMember),
    preHandler: app.authenticate,
    handler: async (request) => addMember(request.ctx, signedIn(request), request.params.chat_id, request.body.character_id),
  });
  app.route({
    ...endpoint(contract.updateGroupMember),
    preHandler: app.authenticate,
    handler: async (request) =>
      muteMember(request.ctx, signedIn(request), request.params.chat_id, request.params.member_id, request.body.muted),
  });
  app.route({
    ...endpoint(contract.removeGroupMember),
    preHandler: app.authenticate,
    handler: async (request) => removeMember(request.ctx, signedIn(request), request.params.chat_id, request.params.member_id),
  });
};
