// A campaign's QR code and A4 poster.
export { NO_PUBLIC_ORIGIN, qrRoutes } from './qr.routes.ts';
