// A setup file: it runs before every server test file, so each file closes the apps it opened,
// also those a test opened inside an `it` and those of a test that failed. A hook registered in
// helpers.ts would run after the first file only, because the files of a worker share their
// modules (isolate: false) and a module's top level runs once; every later file would leave its
// database pool open.
import { afterAll } from 'vitest';
import { closeOpenApps } from './open-apps.ts';

afterAll(closeOpenApps);
