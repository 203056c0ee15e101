// The wire contract of the platform, written once for both sides: the backend's controllers answer these
// shapes and the OpenAPI document is derived from their schemas; the frontend's api/ functions are typed by them.
export * from './files.js';
