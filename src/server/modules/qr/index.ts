// A campaign's QR code and A4 poster.
export { qrRoutes } from './qr.routes.ts';
