import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/favorites';
import { endpoint } from './endpoint';
import { signedIn } from '../auth/signedIn';
import { addFavorite, favoritesCount, favoritesPage, isFavorited, removeFavorite } from '../services/favorites';

/** Favorites of public cards. */
export const favoriteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...endpoint(contract.addFavorite),
    preHandler: app.authenticate,
    handler: async (request) => {
      const { created, favorite } = await addFavorite(request.ctx, signedIn(request), request.body);
      return { success: true as const, created, message: created ? 'Added to favorites' : 'Already in favorites', data: favorite };
    },
  });

  app.route({
    ...endpoint(contract.listFavorites),
    preHandler: app.authenticate,
    handler: async (request) => favoritesPage(request.ctx, signedIn(request), request.query),
  });

  app.route({
    ...endpoint(contract.countFavorites),
    preHandler: app.authenticate,
    handler: async (request) => favoritesCount(request.ctx, signedIn(request), request.query.image_type),
  });

  app.route({
    ...endpoint(contract.checkFavorite),
    preHandler: app.authenticate,
    handler: async (request) => isFavorited(request.ctx, signedIn(request), request.params.file_id),
  });

  // `id` is the favorite's id or the card's file_id; both paths do the same.
  for (const remove of [contract.removeFavorite, contract.deleteFavorite]) {
    app.route({
      ...endpoint(remove),
      preHandler: app.authenticate,
      handler: async (request) => {
        await removeFavorite(request.ctx, signedIn(request), request.params.id);
        return { success: true, message: 'Removed from favorites' };
      },
    });
  }
};
