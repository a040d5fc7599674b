import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

export async function statsRoutes(_app: FastifyInstance, _deps: AppDeps) {}
