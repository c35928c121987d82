import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/aiSettings';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { removePreset, savePreset } from '../services/aiSettings/presets';
import { aiSettingsOverview, chatAiSettings, clearChatSettings, putChatSettings, putDefaults } from '../services/aiSettings/settings';

/** What a person asks the AI to write with: their defaults, each chat's own settings, their presets. */
export const aiSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.getAiSettings),
    preHandler: app.authenticate,
    handler: async (request) => aiSettingsOverview(request.ctx, signedIn(request)),
  });
  app.route({
    ...endpoint(contract.putDefaultAiSettings),
    preHandler: app.authenticate,
    handler: async (request) => putDefaults(request.ctx, signedIn(request), request.body),
  });
  app.route({
    ...endpoint(contract.getChatAiSettings),
    preHandler: app.authenticate,
    handler: async (request) => chatAiSettings(request.ctx, signedIn(request), request.params.chat_id),
  });
  app.route({
    ...endpoint(contract.putChatAiSettings),
    preHandler: app.authenticate,
    handler: async (request) => putChatSettings(request.ctx, signedIn(request), request.params.chat_id, request.body),
  });
  app.route({
    ...endpoint(contract.deleteChatAiSettings),
    preHandler: app.authenticate,
    handler: async (request) => clearChatSettings(request.ctx, signedIn(request), request.params.chat_id),
  });
  app.route({
    ...endpoint(contract.putAiPreset),
    preHandler: app.authenticate,
    handler: async (request) => savePreset(request.ctx, signedIn(request), request.params.id, request.body),
  });
  app.route({
    ...endpoint(contract.deleteAiPreset),
    preHandler: app.authenticate,
    handler: async (request) => removePreset(request.ctx, signedIn(request), request.params.id),
  });
};
