// The Node flags the platform runs with (package.json "start", docker/Dockerfile's NODE_OPTIONS): the benchmarks
// start the app, and the bare NestJS route it is compared with, with the same ones.
// --max-semi-space-size=32: a young generation of 32 MB semi-spaces instead of 16. With fifty requests in flight, the
// objects of a request outlived two scavenges of the smaller one and were promoted, to be collected again by the
// old generation's mark-sweep (garbage collection was 16 % of the API's CPU on the quality table); measured
// 2026-11-25, back to back: +10 to +28 % requests a second on the MY_TASK list, the quality and the warning tables.
export const APP_NODE_FLAGS = ['--max-semi-space-size=32'];
