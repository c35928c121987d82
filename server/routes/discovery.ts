import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import * as cards from '@core/contract/cards';
import * as pages from '@core/contract/characterPages';
import * as creators from '@core/contract/creators';
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

  app.get('/api/gallery/tags', { preHandler: whenNsfwAsked, schema: cards.popularTags }, async (request) =>
    popularGalleryTags(request.ctx, showsNsfw(request.user, request.query.nsfw === '1')),
  );

  app.get('/api/creators/:handle', { schema: creators.creatorPage }, async (request) => creatorPage(request.ctx, request.params.handle));

  app.get('/api/creators/:handle/cards', { preHandler: whenNsfwAsked, schema: creators.creatorCards }, async (request) =>
    creatorCards(request.ctx, request.params.handle, request.query, request.user),
  );

  app.get('/api/character-pages/:file_id', { preHandler: app.authenticateIfPresent, schema: pages.characterPage }, async (request) =>
    characterPage(request.ctx, request.params.file_id, request.user, viewerOf(request.user, request.ip)),
  );
};
