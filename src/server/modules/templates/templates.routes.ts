import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

export async function templatesRoutes(_app: FastifyInstance, _deps: AppDeps) {}
