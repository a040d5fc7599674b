import type { FastifyInstance } from 'fastify';
import { multipartFile, PNG_1X1 } from './sample-files.ts';
import { bearer, postJson } from './test-app.ts';

export type UploadedFile = Parameters<typeof multipartFile>[0];

/** POST /api/upload of one file (a 1x1 PNG unless another is given) as the user whose token is given. */
export function uploadFile(
  app: FastifyInstance,
  token: string,
  file: UploadedFile = { filename: 'a.png', contentType: 'image/png', bytes: PNG_1X1 },
) {
  const body = multipartFile(file);
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** POST /api/upload-from-url of `imageUrl` as the user whose token is given. */
export const uploadFromUrl = (app: FastifyInstance, token: string, imageUrl = 'https://example.org/a.png') =>
  postJson(app, '/api/upload-from-url', { imageUrl }, token);
