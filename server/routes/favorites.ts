import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '@core/contract/favorites';
import { signedIn } from '../auth/signedIn';
import { addFavorite, favoritesCount, favoritesPage, isFavorited, removeFavorite } from '../services/favorites';

/** Favorites of public cards (spec §7 "Favorites"). */
export const favoriteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api/favorites/add', { preHandler: app.authenticate, schema: contract.addFavorite }, async (request) => {
    const { created, favorite } = await addFavorite(request.ctx, signedIn(request), request.body);
    return { success: true as const, created, message: created ? 'Added to favorites' : 'Already in favorites', data: favorite };
  });

  app.get('/api/favorites/list', { preHandler: app.authenticate, schema: contract.listFavorites }, async (request) =>
    favoritesPage(request.ctx, signedIn(request), request.query),
  );

  app.get('/api/favorites/count', { preHandler: app.authenticate, schema: contract.countFavorites }, async (request) =>
    favoritesCount(request.ctx, signedIn(request), request.query.image_type),
  );

  app.get('/api/favorites/check/:file_id', { preHandler: app.authenticate, schema: contract.checkFavorite }, async (request) =>
    isFavorited(request.ctx, signedIn(request), request.params.file_id),
  );

  // `id` is the favorite's id or the card's file_id; both paths do the same.
  for (const path of ['/api/favorites/:id', '/api/favorites/remove/:id']) {
    app.delete(path, { preHandler: app.authenticate, schema: contract.removeFavorite }, async (request) => {
      await removeFavorite(request.ctx, signedIn(request), request.params.id);
      return { success: true, message: 'Removed from favorites' };
    });
  }
};
