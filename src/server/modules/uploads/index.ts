// Uploaded files: the store, the upload routes (file and URL), their limits, and the
// job that removes uploads nothing uses.
export {
  cleanupUnusedUploads,
  UNUSED_UPLOAD_TTL_MS,
  UPLOAD_CLEANUP_INTERVAL_MS,
  uploadCleanupJob,
} from './upload-cleanup.ts';
export { FetchSlots, withUploadSlot } from './upload-limits.ts';
export { readFilePart } from './read-file-part.ts';
export { createUploadStorage, UPLOADS_PREFIX } from './upload-storage.ts';
export { uploadsRoutes } from './uploads.routes.ts';
export { FETCH_FAILED_MESSAGE, fetchForUpload, isStoredUpload, storeUpload } from './uploads.service.ts';
