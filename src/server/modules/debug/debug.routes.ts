import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';

export async function debugRoutes(_app: FastifyInstance, _deps: AppDeps) {}
