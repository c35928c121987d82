import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/users';
import { endpoint } from './endpoint';
import { issuerOf, type Config } from '../config';

/**
 * What the PWA needs to know about this deployment at run time, so one build serves any
 * deployment: where to sign in, and where checkout lives.
 */
export const configRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const body: contract.ClientConfig = {
    auth: {
      issuer: issuerOf(config),
      client_id: config.oidc.clientId,
      audience: config.oidc.audience,
      scope: config.oidc.scope,
      provider: config.oidc.issuer ? 'external' : 'embedded',
      password_reset: config.oidc.issuer ? 'external' : config.mail ? 'email' : 'operator',
    },
    checkout_url: config.checkoutUrl ?? null,
    ai: app.ai.kind,
    images: config.images.baseUrl !== undefined,
    context_tokens: config.llm.contextTokens,
    reply_tokens: config.llm.maxTokens,
    models: config.llm.models,
  };
  app.route({
    ...endpoint(contract.clientConfig),
    handler: async (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return body;
    },
  });
};
