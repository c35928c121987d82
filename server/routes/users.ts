import type { FastifyInstance } from 'fastify';
import { storageUsage } from '../services/storage';
import type { RequestUser } from '../services/users';
import { updateProfile } from '../services/users';

const profileSchema = {
  type: 'object',
  properties: {
    email: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    picture: { type: ['string', 'null'] },
    uid: { type: 'string' },
    sub: { type: 'string' },
    plan: { type: 'string' },
    is_admin: { type: 'boolean' },
  },
} as const;

const storageSchema = {
  type: 'object',
  properties: {
    plan: { type: 'string' },
    used_bytes: { type: 'integer' },
    quota_bytes: { type: 'integer' },
    cards_bytes: { type: 'integer' },
    chats_bytes: { type: 'integer' },
    portraits_bytes: { type: 'integer' },
  },
} as const;

function profileOf(user: RequestUser) {
  return {
    email: user.email,
    name: user.name,
    picture: user.picture,
    uid: user.id,
    sub: user.subject,
    plan: user.plan,
    is_admin: user.isAdmin,
  };
}

export async function userRoutes(app: FastifyInstance) {
  app.get(
    '/api/users/profile',
    { preHandler: app.authenticate, schema: { response: { 200: profileSchema } } },
    async (request) => profileOf(request.user!),
  );

  app.get(
    '/api/users/storage',
    { preHandler: app.authenticate, schema: { response: { 200: storageSchema } } },
    async (request) => storageUsage(app.db.kysely, request.user!),
  );

  app.put<{ Body: { name?: string; picture?: string | null } }>(
    '/api/users/profile',
    {
      preHandler: app.authenticate,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', maxLength: 100 },
            picture: { type: ['string', 'null'], maxLength: 2048 },
          },
        },
        response: { 200: profileSchema },
      },
    },
    async (request) => profileOf(await updateProfile(app.db.kysely, request.user!, request.body)),
  );
}
