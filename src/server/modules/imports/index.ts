// Bulk import of campaigns and assets from a CSV or JSON file (docs/api.md "Bulk
// import", docs/decisions/0032): a dry run, then all or nothing through the campaign
// and asset writers.
export { importsRoutes } from './imports.routes.ts';
