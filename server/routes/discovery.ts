import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as cards from '@core/contract/cards';
import * as pages from '@core/contract/characterPages';
import * as creators from '@core/contract/creators';
import { endpoint } from './endpoint';
import { viewerOf } from '../services/cardHits';
import { characterPage } from '../services/characterPages/page';
import { creatorCards, creatorPage } from '../services/creators';
import { popularGalleryTags, showsNsfw } from '../services/discovery';

/** Exploring: the gallery's tags, creators' pages and characters' pages; open to everyone, more for signed-in adults. */
export const discoveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Only what NSFW cards a list shows depends on who asks, so only then is the token read. */
  const whenNsfwAsked = async (request: FastifyRequest) => {
    if ((request.query as { nsfw?: string }).nsfw === '1') await app.authenticateIfPresent(request);
  };

  app.route({
    ...endpoint(cards.popularTags),
    preHandler: whenNsfwAsked,
    handler: async (request) => popularGalleryTags(request.ctx, showsNsfw(request.user, request.query.nsfw === '1')),
  });

  app.route({ ...endpoint(creators.creatorPage), handler: async (request) => creatorPage(request.ctx, request.params.handle) });

  app.route({
    ...endpoint(creators.creatorCards),
    preHandler: whenNsfwAsked,
    handler: async (request) => creatorCards(request.ctx, request.params.handle, request.query, request.user),
  });

  app.route({
    ...endpoint(pages.characterPage),
    preHandler: app.authenticateIfPresent,
    handler: async (request) => characterPage(request.ctx, request.params.file_id, request.user, viewerOf(request.user, request.ip)),
  });
};
