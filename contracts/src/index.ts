// The wire contract of the platform, written once for both sides: the backend's controllers answer these
// shapes and the OpenAPI document is derived from their schemas; the frontend's api/ functions are typed by them.
export * from './limits.js';
export * from './common.js';
export * from './input.js';
export * from './errors.js';
export * from './files.js';
export * from './system.js';
export * from './user.js';
export * from './standard.js';
export * from './diagnosis.js';
export * from './diagnosis-launch.js';
export * from './warnings.js';
export * from './year-targets.js';
export * from './target-tasks.js';
export * from './task-summary.js';
export * from './task-warnings.js';
export * from './reports.js';
export * from './report-charts.js';
export * from './report-texts.js';
export * from './format-checks.js';
export * from './custom-pattern.js';
export * from './collection-rules.js';
export * from './data-collection.js';
export * from './school-indicators.js';
export * from './school-analysis.js';
export * from './diagnosis-objects.js';
export * from './people.js';
